import { useTranslation } from 'react-i18next';
import { quarterItems, ROADMAP_YEAR } from './roadmap.ts';

const QUARTERS = [1, 2, 3, 4] as const;

/** /px/roadmap: 2025 by quarter, each a checklist; details follow later. */
export function RoadmapTab() {
  const { t } = useTranslation();
  return (
    <section className="px-card" aria-labelledby="px-roadmap">
      <h2 id="px-roadmap" className="px-card__title pixel-text">
        {t('px.plan.title', { year: ROADMAP_YEAR })}
      </h2>
      <ol className="px-roadmap" data-testid="roadmap-list">
        {QUARTERS.map((q) => (
          <li key={q} className="px-roadmap__quarter">
            <h3 className="px-card__subtitle pixel-text">
              {t('px.plan.quarter', { quarter: q, year: ROADMAP_YEAR })}
            </h3>
            <ul className="px-checklist">
              {quarterItems(q).map((item) => (
                <li
                  key={item.key}
                  className={
                    item.completed ? 'px-checklist__item px-checklist__item--done' : 'px-checklist__item'
                  }
                >
                  <span className="px-checklist__box" aria-hidden="true">
                    {item.completed ? '✓' : ''}
                  </span>
                  <span>{t(`px.plan.items.${item.key}`)}</span>
                  <span className="visually-hidden">
                    {item.completed ? t('px.plan.done') : t('px.plan.planned')}
                  </span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      <p className="px-card__text">{t('px.plan.later')}</p>
    </section>
  );
}
