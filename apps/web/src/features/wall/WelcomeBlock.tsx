import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PixelStore } from '../../canvas/index.ts';
import { useFormat } from '../../i18n/format.ts';
import { useLiveRepaints, useUsersStats } from './hooks.ts';

/**
 * Wide screens without login: what this is, a few figures, and the way to the about page. The
 * repaints count on as the wall's batches arrive.
 */
export function WelcomeBlock({ store }: { store: Pick<PixelStore, 'repaints' | 'subscribe'> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const stats = useUsersStats();
  const repaints = useLiveRepaints(store, stats?.totalRepaints ?? null, format.compact);
  return (
    <aside className="wall-welcome panel" data-testid="welcome">
      <h2 className="wall-welcome__title">{t('wall.welcomeTitle')}</h2>
      <p>{t('wall.welcomeText')}</p>
      {stats ? (
        <dl className="wall-welcome__stats">
          <div>
            <dt>{t('wall.statPainters')}</dt>
            <dd>{format.compact(stats.totalPlayers)}</dd>
          </div>
          <div>
            <dt>{t('wall.statRepaints')}</dt>
            <dd data-testid="welcome-repaints">{repaints}</dd>
          </div>
        </dl>
      ) : null}
      <Link className="wall-welcome__link" to="/about#about_stats">
        {t('wall.welcomeAbout')}
      </Link>
    </aside>
  );
}
