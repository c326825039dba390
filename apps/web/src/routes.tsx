import type { ComponentType } from 'react';
import { type DataRouter, matchRoutes, type RouteObject } from 'react-router';
import { AppLayout, type RouteHandle } from './layout/AppLayout.tsx';
import { PageOutlet } from './layout/PageOutlet.tsx';
import { PageErrorPage, PageLoadError, RouteErrorPage } from './pages/RouteErrorPage.tsx';

type LazyPage = Pick<RouteObject, 'lazy'>;

/**
 * A page whose code downloads the first time its route is visited. The router keeps the current
 * screen (and runs the loading bar) until it arrives; a failed download is a {@link PageLoadError}.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  return {
    lazy: () =>
      load().then(
        (Component) => ({ Component }),
        (cause: unknown) => {
          throw new PageLoadError(cause);
        },
      ),
  };
}

const wall = lazyPage(() => import('./pages/WallPage.tsx').then((m) => m.WallPage));
const px = lazyPage(() => import('./pages/PxPage.tsx').then((m) => m.PxPage));

const stage: RouteHandle = { stage: true };

/** The information pages (SPEC §2 "Other pages"). */
const INFO_PAGES = [
  { path: 'about', ...lazyPage(() => import('./pages/AboutPage.tsx').then((m) => m.AboutPage)) },
  { path: 'info', ...lazyPage(() => import('./pages/InfoPage.tsx').then((m) => m.InfoPage)) },
  { path: 'rules', ...lazyPage(() => import('./pages/RulesPage.tsx').then((m) => m.RulesPage)) },
  { path: 'terms', ...lazyPage(() => import('./pages/TermsPage.tsx').then((m) => m.TermsPage)) },
  { path: 'privacy', ...lazyPage(() => import('./pages/PrivacyPage.tsx').then((m) => m.PrivacyPage)) },
  { path: 'staking', ...lazyPage(() => import('./pages/StakingPage.tsx').then((m) => m.StakingPage)) },
  {
    path: 'open-league',
    ...lazyPage(() => import('./pages/OpenLeaguePage.tsx').then((m) => m.OpenLeaguePage)),
  },
] satisfies RouteObject[];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Pages fail inside the layout, so the header and menu stay usable.
        element: <PageOutlet />,
        errorElement: <PageErrorPage />,
        children: [
          { index: true, ...wall, handle: stage },
          ...INFO_PAGES,
          { path: 'stars', ...lazyPage(() => import('./pages/StarsPage.tsx').then((m) => m.StarsPage)) },
          {
            path: 'pay-support',
            ...lazyPage(() => import('./pages/PaySupportPage.tsx').then((m) => m.PaySupportPage)),
          },
          {
            path: 'ratings',
            ...lazyPage(() => import('./pages/RatingsPage.tsx').then((m) => m.RatingsPage)),
          },
          {
            path: 'ratings/awards',
            ...lazyPage(() => import('./pages/AwardsPage.tsx').then((m) => m.AwardsPage)),
          },
          {
            path: 'my-profile',
            ...lazyPage(() => import('./pages/MyProfilePage.tsx').then((m) => m.MyProfilePage)),
          },
          {
            path: 'my-squad',
            ...lazyPage(() => import('./pages/MySquadPage.tsx').then((m) => m.MySquadPage)),
          },
          {
            path: 'invite-frens',
            ...lazyPage(() => import('./pages/InviteFrensPage.tsx').then((m) => m.InviteFrensPage)),
          },
          { path: 'stats', ...lazyPage(() => import('./pages/StatsPage.tsx').then((m) => m.StatsPage)) },
          {
            path: 'settings',
            ...lazyPage(() => import('./pages/SettingsPage.tsx').then((m) => m.SettingsPage)),
          },
          {
            path: 'energy-over',
            ...lazyPage(() => import('./pages/EnergyOverPage.tsx').then((m) => m.EnergyOverPage)),
          },
          { path: 'px', ...px },
          { path: 'nft', ...lazyPage(() => import('./pages/NftPage.tsx').then((m) => m.NftPage)) },
          { path: 'px/:tab', ...px },
          {
            path: '*',
            ...lazyPage(() => import('./pages/NotFoundPage.tsx').then((m) => m.NotFoundPage)),
          },
        ],
      },
    ],
  },
];

/**
 * Starts downloading the code of the pages `pathname` shows, before the router exists (the app
 * creates it once the platform is known). Failures are left to the router, which loads again.
 */
export function preloadPages(pathname: string): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    if (typeof route.lazy === 'function') route.lazy().catch(() => {});
  }
}

/** Resolves once `router` has the code of its first location's pages, or has failed to load it. */
export function routeReady(router: DataRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) {
      resolve();
      return;
    }
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/** Every route of SPEC §2 (with the /px tabs), for tests and link checks. */
export const APP_PATHS: readonly string[] = [
  '/',
  ...INFO_PAGES.map(({ path }) => `/${path}`),
  '/stars',
  '/pay-support',
  '/ratings',
  '/ratings/awards',
  '/my-profile',
  '/my-squad',
  '/invite-frens',
  '/stats',
  '/settings',
  '/energy-over',
  '/px',
  '/nft',
  ...['token', 'roadmap', 'buyback', 'burn', 'fund', 'get'].map((tab) => `/px/${tab}`),
];
