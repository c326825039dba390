import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { AboutPage } from './pages/AboutPage.tsx';
import { AwardsPage } from './pages/AwardsPage.tsx';
import { EnergyOverPage } from './pages/EnergyOverPage.tsx';
import { InfoPage } from './pages/InfoPage.tsx';
import { InviteFrensPage } from './pages/InviteFrensPage.tsx';
import { MyProfilePage } from './pages/MyProfilePage.tsx';
import { MySquadPage } from './pages/MySquadPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { OpenLeaguePage } from './pages/OpenLeaguePage.tsx';
import { PaySupportPage } from './pages/PaySupportPage.tsx';
import { PrivacyPage } from './pages/PrivacyPage.tsx';
import { PxPage } from './pages/PxPage.tsx';
import { RatingsPage } from './pages/RatingsPage.tsx';
import { RouteErrorPage } from './pages/RouteErrorPage.tsx';
import { RulesPage } from './pages/RulesPage.tsx';
import { SettingsPage } from './pages/SettingsPage.tsx';
import { StakingPage } from './pages/StakingPage.tsx';
import { StatsPage } from './pages/StatsPage.tsx';
import { TermsPage } from './pages/TermsPage.tsx';
import { AppLayout, type RouteHandle } from './ui/Layout/AppLayout.tsx';

// The canvas and everything around it load on demand; the rest of the shell stays small.
const WallPage = lazy(() => import('./pages/WallPage.tsx').then((module) => ({ default: module.WallPage })));

const StarsPage = lazy(() =>
  import('./pages/StarsPage.tsx').then((module) => ({ default: module.StarsPage })),
);

const NftPage = lazy(() => import('./pages/NftPage.tsx').then((module) => ({ default: module.NftPage })));

const stage: RouteHandle = { stage: true };

/** The information pages (SPEC §2 "Other pages"). */
const INFO_PAGES: RouteObject[] = [
  { path: 'about', element: <AboutPage /> },
  { path: 'info', element: <InfoPage /> },
  { path: 'rules', element: <RulesPage /> },
  { path: 'terms', element: <TermsPage /> },
  { path: 'privacy', element: <PrivacyPage /> },
  { path: 'staking', element: <StakingPage /> },
  { path: 'open-league', element: <OpenLeaguePage /> },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <WallPage />, handle: stage },
      ...INFO_PAGES,
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
