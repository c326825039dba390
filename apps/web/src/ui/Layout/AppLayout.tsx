import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { BannedNotice } from '../../features/moderation/BannedNotice.tsx';
import { PixanosPopups } from '../../features/pixanos/PixanosPopups.tsx';
import { PlayerPopups } from '../../features/profile/PlayerPopups.tsx';
import { useBackButton } from '../../platform/useBackButton.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { gameModesClosed, menuClosed, selectAnimations } from '../../store/uiSlice.ts';
import { GameModesSheet } from '../GameModesSheet/GameModesSheet.tsx';
import { GuestLoginBanner } from '../GuestLoginBanner/GuestLoginBanner.tsx';
import { Header } from '../Header/Header.tsx';
import { LoadingBar } from '../LoadingBar/LoadingBar.tsx';
import { SideMenu } from '../SideMenu/SideMenu.tsx';
import { Toasts } from '../Toasts/Toasts.tsx';
import { PageFallback } from './PageFallback.tsx';
import './AppLayout.css';

/** Route `handle` flags read by the layout. */
export interface RouteHandle {
  /** The page is the full-bleed stage (the Wall); chrome floats over it. */
  stage?: boolean;
}

function isStage(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as RouteHandle).stage === true;
}

/**
 * The frame around every route. The Wall fills the viewport under floating chrome; other pages
 * scroll in a centred column below the header. Opening a panel never resizes the stage.
 */
export function AppLayout() {
  useBackButton();
  const dispatch = useAppDispatch();
  const animations = useAppSelector(selectAnimations);
  const { pathname } = useLocation();
  const stage = useMatches().some((match) => isStage(match.handle));

  useEffect(() => {
    document.documentElement.dataset.animations = animations ? 'on' : 'off';
  }, [animations]);

  const lastPath = useRef(pathname);
  useEffect(() => {
    // Navigating anywhere closes the menus that led there.
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    dispatch(menuClosed());
    dispatch(gameModesClosed());
  }, [pathname, dispatch]);

  return (
    <div className="app">
      <main className={stage ? 'app__stage' : 'app__page'}>
        {!stage && <GuestLoginBanner placement="inline" />}
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Header />
      {stage && <GuestLoginBanner placement="floating" />}
      <Toasts />
      <BannedNotice />
      <GameModesSheet />
      <SideMenu />
      <PlayerPopups />
      <PixanosPopups />
      <LoadingBar />
    </div>
  );
}
