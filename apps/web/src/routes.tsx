import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { ComingSoonPage, ShopComingSoonPage } from './pages/ComingSoonPage.tsx';
import { EnergyOverPage } from './pages/EnergyOverPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { PxPage } from './pages/PxPage.tsx';
import { RouteErrorPage } from './pages/RouteErrorPage.tsx';
import { SettingsPage } from './pages/SettingsPage.tsx';
import { AppLayout, type RouteHandle } from './ui/Layout/AppLayout.tsx';

// The canvas and everything around it load on demand; the rest of the shell stays small.
const WallPage = lazy(() => import('./pages/WallPage.tsx').then((module) => ({ default: module.WallPage })));

const stage: RouteHandle = { stage: true };

/** Screens not built yet: path → i18n key of their title. */
const COMING_SOON: ReadonlyArray<readonly [path: string, titleKey: string]> = [
  ['about', 'pages.about'],
  ['invite-frens', 'pages.inviteFrens'],
  ['info', 'pages.info'],
  ['my-squad', 'pages.mySquad'],
  ['my-profile', 'pages.myProfile'],
  ['rules', 'pages.rules'],
  ['terms', 'pages.terms'],
  ['nft', 'pages.nft'],
  ['stats', 'pages.stats'],
  ['privacy', 'pages.privacy'],
  ['staking', 'pages.staking'],
  ['ratings', 'pages.ratings'],
  ['ratings/awards', 'pages.awards'],
  ['open-league', 'pages.openLeague'],
  ['pay-support', 'pages.paySupport'],
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <WallPage />, handle: stage },
      ...COMING_SOON.map(([path, titleKey]) => ({ path, element: <ComingSoonPage titleKey={titleKey} /> })),
      { path: 'stars', element: <ShopComingSoonPage /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: 'energy-over', element: <EnergyOverPage /> },
      { path: 'px', element: <PxPage /> },
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
  '/settings',
  '/energy-over',
  '/px',
  ...['token', 'roadmap', 'buyback', 'burn', 'fund', 'get'].map((tab) => `/px/${tab}`),
];
