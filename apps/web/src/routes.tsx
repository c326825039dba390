import { type ComponentType, lazy } from 'react';
import type { RouteObject } from 'react-router';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { RouteErrorPage } from './pages/RouteErrorPage.tsx';
import { AppLayout, type RouteHandle } from './ui/Layout/AppLayout.tsx';

// The canvas and everything around it load on demand; the rest of the shell stays small.
const WallPage = lazy(() => import('./pages/WallPage.tsx').then((module) => ({ default: module.WallPage })));

const StarsPage = lazy(() =>
  import('./pages/StarsPage.tsx').then((module) => ({ default: module.StarsPage })),
);

const NftPage = lazy(() => import('./pages/NftPage.tsx').then((module) => ({ default: module.NftPage })));

/** A page loaded on demand: each route is its own chunk, so the first screen downloads only the shell. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const AboutPage = page(() => import('./pages/AboutPage.tsx'), 'AboutPage');
const AwardsPage = page(() => import('./pages/AwardsPage.tsx'), 'AwardsPage');
const EnergyOverPage = page(() => import('./pages/EnergyOverPage.tsx'), 'EnergyOverPage');
const InfoPage = page(() => import('./pages/InfoPage.tsx'), 'InfoPage');
const InviteFrensPage = page(() => import('./pages/InviteFrensPage.tsx'), 'InviteFrensPage');
const MyProfilePage = page(() => import('./pages/MyProfilePage.tsx'), 'MyProfilePage');
const MySquadPage = page(() => import('./pages/MySquadPage.tsx'), 'MySquadPage');
const OpenLeaguePage = page(() => import('./pages/OpenLeaguePage.tsx'), 'OpenLeaguePage');
const PaySupportPage = page(() => import('./pages/PaySupportPage.tsx'), 'PaySupportPage');
const PrivacyPage = page(() => import('./pages/PrivacyPage.tsx'), 'PrivacyPage');
const PxPage = page(() => import('./pages/PxPage.tsx'), 'PxPage');
const RatingsPage = page(() => import('./pages/RatingsPage.tsx'), 'RatingsPage');
const RulesPage = page(() => import('./pages/RulesPage.tsx'), 'RulesPage');
const SettingsPage = page(() => import('./pages/SettingsPage.tsx'), 'SettingsPage');
const StakingPage = page(() => import('./pages/StakingPage.tsx'), 'StakingPage');
const StatsPage = page(() => import('./pages/StatsPage.tsx'), 'StatsPage');
const TermsPage = page(() => import('./pages/TermsPage.tsx'), 'TermsPage');

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
