import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GlyphName } from '../../ui/icons/glyphs.ts';
import { Icon } from '../../ui/icons/Icon.tsx';
import { Article } from './Article.tsx';

const PAGES: ReadonlyArray<readonly [path: string, titleKey: string, icon: GlyphName]> = [
  ['/about', 'pages.about', 'info'],
  ['/rules', 'pages.rules', 'doc'],
  ['/px/token', 'pages.px', 'coin'],
  ['/staking', 'pages.staking', 'lock'],
  ['/open-league', 'pages.openLeague', 'trophy'],
  ['/stats', 'pages.stats', 'user'],
  ['/pay-support', 'pages.paySupport', 'star'],
  ['/settings', 'pages.settings', 'gear'],
  ['/terms', 'pages.terms', 'doc'],
  ['/privacy', 'pages.privacy', 'lock'],
];

const STEPS = ['pick', 'paint', 'charges', 'boosts', 'mine', 'squad'] as const;

/** /info: the game in six steps, and every information page in one place. */
export function InfoScreen() {
  const { t } = useTranslation();
  return (
    <Article
      testId="info-page"
      titleKey="pages.info"
      leadKey="info.lead"
      sections={[
        {
          id: 'info_start',
          titleKey: 'info.stepsTitle',
          children: (
            <ol className="info__steps">
              {STEPS.map((step) => (
                <li key={step}>{t(`info.steps.${step}`)}</li>
              ))}
            </ol>
          ),
        },
        {
          id: 'info_pages',
          titleKey: 'info.pagesTitle',
          children: (
            <ul className="info__link-list">
              {PAGES.map(([path, titleKey, icon]) => (
                <li key={path}>
                  <Link to={path}>
                    <Icon name={icon} size={20} />
                    {t(titleKey)}
                  </Link>
                </li>
              ))}
            </ul>
          ),
        },
      ]}
    />
  );
}
