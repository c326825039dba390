import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loadUsersStats } from '../../api/stats.ts';
import { useHttp } from '../../api/useHttp.ts';
import { useFormat } from '../../i18n/format.ts';
import { Icon } from '../../ui/icons/Icon.tsx';
import { LoadError, SkeletonBlock } from '../../ui/LoadError/LoadError.tsx';
import { StatGrid } from '../../ui/StatGrid/StatGrid.tsx';
import { useAsync } from '../../ui/useAsync.ts';
import { PlayerPopups } from '../profile/PlayerPopups.tsx';
import { countryName, flagOf, topCountries } from './countries.ts';
import { useOnlineVisitors } from './useOnlineVisitors.ts';
import './stats.css';

function Online() {
  const { t } = useTranslation();
  const format = useFormat();
  const visitors = useOnlineVisitors();
  return (
    <p className="stats-online" aria-live="polite">
      <span className="stats-online__dot" aria-hidden="true" />
      {visitors === null ? (
        t('stats.onlineLoading')
      ) : (
        <span data-testid="online-visitors">{t('stats.online', { value: format.compact(visitors) })}</span>
      )}
    </p>
  );
}

function Countries({ map }: { map: Record<string, number> }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const rows = topCountries(map);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="countries-title">
      <h2 id="countries-title" className="stats__title pixel-text">
        {t('stats.topCountries')}
      </h2>
      <ol className="stats-countries">
        {rows.map(([code, players]) => (
          <li key={code} className="stats-countries__row">
            <span aria-hidden="true">{flagOf(code)}</span>
            <span className="stats-countries__name">{countryName(code, i18n.language)}</span>
            <span className="pixel-num">{format.compact(players)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** SPEC §2 Stats page: the game in numbers, who is online, and a nudge to invite. */
export function StatsScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const http = useHttp();
  const load = useCallback((signal: AbortSignal) => loadUsersStats(http, signal), [http]);
  const state = useAsync(load);

  const stats = state.data;
  let body = <SkeletonBlock height={280} />;
  if (stats) {
    body = (
      <>
        <StatGrid
          testId="stats-grid"
          items={[
            { id: 'players', label: t('stats.totalPainters'), value: format.compact(stats.totalPlayers) },
            { id: 'repaints', label: t('stats.totalRepaints'), value: format.compact(stats.totalRepaints) },
            { id: 'premium', label: t('stats.premium'), value: format.compact(stats.premium_users) },
            { id: 'active', label: t('stats.activeWeek'), value: format.compact(stats.active_users) },
            { id: 'daily', label: t('stats.dailyUsers'), value: format.compact(stats.daily_users) },
            {
              id: 'dailyRepaints',
              label: t('stats.dailyRepaints'),
              value: format.compact(stats.daily_repaints),
            },
          ]}
        />
        <Countries map={stats.top_countries} />
      </>
    );
  } else if (state.status === 'rejected') {
    body = <LoadError text={t('stats.loadFailed')} onRetry={state.retry} />;
  }

  return (
    <section className="page stats">
      <h1 className="page__title pixel-text">{t('stats.title')}</h1>
      <Online />
      {body}
      <Link to="/invite-frens" className="btn btn--primary btn--block stats__invite">
        <Icon name="invite" size={18} />
        {t('stats.inviteFren')}
      </Link>
      <PlayerPopups />
    </section>
  );
}
