import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { AwardsPage } from './pages/AwardsPage.tsx';
import { ComingSoonPage } from './pages/ComingSoonPage.tsx';
import { EnergyOverPage } from './pages/EnergyOverPage.tsx';
import { InviteFrensPage } from './pages/InviteFrensPage.tsx';
import { MyProfilePage } from './pages/MyProfilePage.tsx';
import { MySquadPage } from './pages/MySquadPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { PaySupportPage } from './pages/PaySupportPage.tsx';
import { PxPage } from './pages/PxPage.tsx';
import { RatingsPage } from './pages/RatingsPage.tsx';
import { RouteErrorPage } from './pages/RouteErrorPage.tsx';
import { SettingsPage } from './pages/SettingsPage.tsx';
import { StatsPage } from './pages/StatsPage.tsx';
import { AppLayout, type RouteHandle } from './ui/Layout/AppLayout.tsx';

// The canvas and everything around it load on demand; the rest of the shell stays small.
const WallPage = lazy(() => import('./pages/WallPage.tsx').then((module) => ({ default: module.WallPage })));

const StarsPage = lazy(() =>
  import('./pages/StarsPage.tsx').then((module) => ({ default: module.StarsPage })),
);

const NftPage = lazy(() => import('./pages/NftPage.tsx').then((module) => ({ default: module.NftPage })));

const stage: RouteHandle = { stage: true };

/** Screens not built yet: path → i18n key of their title. */
const COMING_SOON: ReadonlyArray<readonly [path: string, titleKey: string]> = [
  ['about', 'pages.about'],
  ['info', 'pages.info'],
  ['rules', 'pages.rules'],
  ['terms', 'pages.terms'],
  ['privacy', 'pages.privacy'],
  ['staking', 'pages.staking'],
  ['open-league', 'pages.openLeague'],
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <WallPage />, handle: stage },
      ...COMING_SOON.map(([path, titleKey]) => ({ path, element: <ComingSoonPage titleKey={titleKey} /> })),
      { path: 'stars', element: <StarsPage /> },
      { path: 'pay-support', element: <PaySupportPage /> },
      { path: 'ratings', element: <RatingsPage /> },
      { path: 'ratings/awards', element: <AwardsPage /> },
      { path: 'my-profile', element: <MyProfilePage /> },
      { path: 'my-squad', element: <MySquadPage /> },
      { path: 'invite-frens', element: <InviteFrensPage /> },
      { path: 'stats', element: <StatsPage /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: 'energy-over', element: <EnergyOverPage /> },
      { path: 'px', element: <PxPage /> },
      { path: 'nft', element: <NftPage /> },
      { path: 'px/:tab', element: <PxPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Every route of SPEC §2 (with the /px tabs), for tests and link checks. */
export const APP_PATHS: readonly string[] = [
  '/',
  ...COMING_SOON.map(([path]) => `/${path}`),
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
