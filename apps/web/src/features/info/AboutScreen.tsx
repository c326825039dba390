import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loadHistoryStats, loadUsersStats } from '../../api/stats.ts';
import { useHttp } from '../../api/useHttp.ts';
import { useFormat } from '../../i18n/format.ts';
import { scrollBehavior, useMotion } from '../../platform/motion.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { selectSignedIn } from '../../store/sessionSlice.ts';
import { loginBannerOpened } from '../../store/uiSlice.ts';
import type { GlyphName } from '../../ui/icons/glyphs.ts';
import { Icon } from '../../ui/icons/Icon.tsx';
import { LoadError, SkeletonBlock } from '../../ui/LoadError/LoadError.tsx';
import { StatGrid } from '../../ui/StatGrid/StatGrid.tsx';
import { useAsync } from '../../ui/useAsync.ts';
import { useOnlineVisitors } from '../stats/useOnlineVisitors.ts';
import { Article } from './Article.tsx';
import { useHashScroll } from './useHashScroll.ts';

/** Guests: a way to sign in with Telegram, through the login banner at the top of the page. */
function ConnectTelegram() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const motion = useMotion();
  const signedIn = useAppSelector(selectSignedIn);
  if (signedIn) return null;
  return (
    <div className="about__connect panel" data-testid="about-connect">
      <p>{t('about.connectText')}</p>
      <button
        type="button"
        className="btn btn--primary btn--block"
        onClick={() => {
          dispatch(loginBannerOpened());
          window.scrollTo({ top: 0, behavior: scrollBehavior(motion) });
        }}
      >
        {t('about.connect')}
      </button>
    </div>
  );
}

/** The pages a player looks for after the basics, each one tap from /about. */
const MORE: ReadonlyArray<readonly [path: string, titleKey: string, icon: GlyphName]> = [
  ['/info', 'pages.info', 'info'],
  ['/rules', 'pages.rules', 'doc'],
  ['/nft', 'pages.nft', 'window'],
  ['/staking', 'pages.staking', 'lock'],
  ['/open-league', 'pages.openLeague', 'trophy'],
];

/** SPEC §2 /about: what the Wall is, a sign-in for guests, the game in numbers, the PX token. */
export function AboutScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const http = useHttp();
  const load = useCallback(
    async (signal: AbortSignal) => {
      const [users, history] = await Promise.all([
        loadUsersStats(http, signal),
        loadHistoryStats(http, signal),
      ]);
      return { users, history };
    },
    [http],
  );
  const stats = useAsync(load);
  const online = useOnlineVisitors();
  useHashScroll(stats.status);

  let grid = <SkeletonBlock height={220} />;
  if (stats.data) {
    const { users, history } = stats.data;
    grid = (
      <StatGrid
        testId="about-stats"
        items={[
          { id: 'players', label: t('stats.totalPainters'), value: format.compact(users.totalPlayers) },
          { id: 'repaints', label: t('stats.totalRepaints'), value: format.compact(users.totalRepaints) },
          { id: 'painted', label: t('about.paintedPixels'), value: format.compact(history.paintedPixels) },
          {
            id: 'dailyRepaints',
            label: t('stats.dailyRepaints'),
            value: format.compact(users.daily_repaints),
          },
          { id: 'daily', label: t('stats.dailyUsers'), value: format.compact(users.daily_users) },
          { id: 'premium', label: t('stats.premium'), value: format.compact(users.premium_users) },
        ]}
      />
    );
  } else if (stats.status === 'rejected') {
    grid = <LoadError text={t('stats.loadFailed')} onRetry={stats.retry} />;
  }

  return (
    <Article
      testId="about-page"
      titleKey="pages.about"
      leadKey="about.lead"
      sections={[
        { id: 'about_game', titleKey: 'about.gameTitle', bodyKey: 'about.gameText' },
        { id: 'about_play', titleKey: 'about.playTitle', bodyKey: 'about.playText' },
        {
          id: 'about_stats',
          titleKey: 'about.statsTitle',
          children: (
            <>
              {online !== null && (
                <p className="about__online">{t('stats.online', { value: format.compact(online) })}</p>
              )}
              {grid}
              <Link className="btn btn--block" to="/stats">
                {t('about.allStats')}
              </Link>
            </>
          ),
        },
        {
          id: 'about_token',
          titleKey: 'about.tokenTitle',
          bodyKey: 'about.tokenText',
          children: (
            <Link className="btn btn--primary btn--block" to="/px/token">
              <Icon name="coin" size={18} />
              {t('about.tokenLink')}
            </Link>
          ),
        },
        {
          id: 'about_more',
          titleKey: 'about.moreTitle',
          children: (
            <ul className="info__link-list" data-testid="about-more">
              {MORE.map(([path, titleKey, icon]) => (
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
    >
      <ConnectTelegram />
    </Article>
  );
}
