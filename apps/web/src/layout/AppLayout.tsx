import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { BannedNotice } from '../features/moderation/BannedNotice.tsx';
import { PixanosPopups } from '../features/pixanos/PixanosPopups.tsx';
import { PlayerPopups } from '../features/profile/PlayerPopups.tsx';
import { MenuWallet } from '../features/wallet/MenuWallet.tsx';
import { useServerLanguage } from '../i18n/useServerLanguage.ts';
import { usePlatform } from '../platform/PlatformContext.tsx';
import { useBackButton } from '../platform/useBackButton.ts';
import { useAppDispatch, useAppSelector } from '../store/hooks.ts';
import { gameModesClosed, menuClosed, selectAnimations } from '../store/uiSlice.ts';
import { copyText } from '../ui/clipboard.ts';
import { GameModesSheet } from '../ui/GameModesSheet/GameModesSheet.tsx';
import { GuestLoginBanner } from '../ui/GuestLoginBanner/GuestLoginBanner.tsx';
import { Header } from '../ui/Header/Header.tsx';
import { useHiddenKeys } from '../ui/Hidden/useHiddenKeys.ts';
import { introSeen } from '../ui/Intro/introSeen.ts';
import { LoadingBar } from '../ui/LoadingBar/LoadingBar.tsx';
import { CHANNEL_URL, COMMUNITY_URL } from '../ui/links.ts';
import { useRobotFlag } from '../ui/RobotPopup/useRobotFlag.ts';
import { SideMenu } from '../ui/SideMenu/SideMenu.tsx';
import { Toasts } from '../ui/Toasts/Toasts.tsx';
import { PageFallback } from './PageFallback.tsx';
import './AppLayout.css';

// Rare screens load on demand, keeping the first download small.
const Intro = lazy(() => import('../ui/Intro/Intro.tsx').then((m) => ({ default: m.Intro })));
const InitDataPopup = lazy(() =>
  import('../ui/Hidden/InitDataPopup.tsx').then((m) => ({ default: m.InitDataPopup })),
);
const ChannelSwap = lazy(() =>
  import('../ui/Hidden/ChannelSwap.tsx').then((m) => ({ default: m.ChannelSwap })),
);
const RobotPopup = lazy(() =>
  import('../ui/RobotPopup/RobotPopup.tsx').then((m) => ({ default: m.RobotPopup })),
);

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
  useServerLanguage();
  const platform = usePlatform();
  const robot = useRobotFlag();
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

  // Hidden features (SPEC §2): Ctrl+Alt+C copies and shows the init data; x, y and q together
  // swap the app for the channel page.
  const [initDataShown, setInitDataShown] = useState<{ copied: boolean } | null>(null);
  const [channelSwapped, setChannelSwapped] = useState(false);
  const channelUrl = CHANNEL_URL ?? COMMUNITY_URL;
  useHiddenKeys({
    onCopyInitData: () => {
      const initData = platform.initDataRaw;
      if (!initData) {
        setInitDataShown({ copied: false });
        return;
      }
      void copyText(initData).then((copied) => setInitDataShown({ copied }));
    },
    onChannelKeys: channelUrl ? () => setChannelSwapped(true) : null,
  });
  const closeInitData = useCallback(() => setInitDataShown(null), []);

  // New players arrive in the Mini App from the bot: the intro greets them once, on the Wall.
  const [introOpen, setIntroOpen] = useState(() => platform.kind === 'telegram' && !introSeen());
  const closeIntro = useCallback(() => setIntroOpen(false), []);

  if (robot)
    return (
      <Suspense fallback={null}>
        <RobotPopup />
      </Suspense>
    );
  if (channelSwapped && channelUrl)
    return (
      <Suspense fallback={null}>
        <ChannelSwap channelUrl={channelUrl} />
      </Suspense>
    );

  return (
    <div className="app">
      <main className={stage ? 'app__stage' : 'app__page'}>
        {!stage && <GuestLoginBanner placement="inline" />}
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Header />
      <Toasts />
      <BannedNotice />
      <GameModesSheet />
      <SideMenu wallet={<MenuWallet />} />
      <PlayerPopups />
      {/* Fresh boundaries: a lazy popup never holds back a navigation while its code loads. */}
      {introOpen && stage && (
        <Suspense fallback={null}>
          <Intro onDone={closeIntro} />
        </Suspense>
      )}
      {initDataShown && (
        <Suspense fallback={null}>
          <InitDataPopup
            initData={platform.initDataRaw}
            copied={initDataShown.copied}
            onClose={closeInitData}
          />
        </Suspense>
      )}
      <PixanosPopups />
      <LoadingBar />
    </div>
  );
}
