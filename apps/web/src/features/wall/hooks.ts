/**
 * The Wall screen's data and its canvas view, one hook each: the sync status, the socket's token,
 * the recent colours, the selected pixel's info, the view itself and what the chrome covers of it.
 */
import type { PixelInfo, UsersStats } from '@pixel-wall/shared';
import { parseLaunchParam } from '@pixel-wall/shared/core';
import { type RefObject, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { loadUsersStats } from '../../api/stats.ts';
import { useHttp } from '../../api/useHttp.ts';
import type { WallRuntime } from '../../api/wall/runtime.ts';
import type { SyncStatus } from '../../api/wall/sync.ts';
import {
  type CanvasView,
  createCanvasView,
  type Insets,
  type Pixel,
  type PixelStore,
} from '../../canvas/index.ts';
import { useMotion } from '../../platform/motion.ts';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { selectPublicConfig } from '../../store/configSlice.ts';
import { useAppDispatch, useAppSelector, useAppStore } from '../../store/hooks.ts';
import { selectSignedIn } from '../../store/sessionSlice.ts';
import {
  keepWallViewForSession,
  type SavedWallView,
  selectCanvasFps,
  selectWallView,
  sessionWallView,
  showToast,
  wallViewSaved,
} from '../../store/uiSlice.ts';
import { fetchMe, selectUser } from '../../store/userSlice.ts';
import { copyText } from '../../ui/clipboard.ts';
import { parseRecent, pushRecent, RECENT_COLORS_KEY, randomStartColor } from '../../ui/colors.ts';
import { pixelLink } from '../../ui/pixelLink.ts';
import { loadPixelInfo } from './api.ts';

const LAUNCH_SCALE = 24;

/** What the launch link asks of the Wall: a pixel to select and centre, the referring template. */
export function useLaunch(): { pixel: Pixel | null; template: boolean } {
  const platform = usePlatform();
  const [launch] = useState(() => {
    const { x, y, template } = parseLaunchParam(platform.startParam);
    return { pixel: x !== null && y !== null ? { x, y } : null, template };
  });
  return launch;
}

export function useSyncStatus(runtime: WallRuntime): SyncStatus {
  return useSyncExternalStore(runtime.subscribeStatus, () => runtime.sync.status);
}

const WIDE_QUERY = '(min-width: 900px)';

function subscribeWide(fn: () => void): () => void {
  const m = window.matchMedia(WIDE_QUERY);
  m.addEventListener('change', fn);
  return () => m.removeEventListener('change', fn);
}

export function useWide(): boolean {
  return useSyncExternalStore(subscribeWide, () => window.matchMedia(WIDE_QUERY).matches);
}

/** The socket carries the player's token; a refused token is fetched anew. */
export function useSocketToken(runtime: WallRuntime): void {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectSignedIn);
  const token = useAppSelector(selectUser)?.websocketToken ?? null;
  useEffect(() => {
    runtime.setToken(signedIn ? token : null);
  }, [runtime, signedIn, token]);
  useEffect(() => {
    runtime.onUnauthorized = async () => {
      if (signedIn) await dispatch(fetchMe());
    };
    return () => {
      runtime.onUnauthorized = null;
    };
  }, [runtime, dispatch, signedIn]);
}

/** Copies a link to the pixel and says whether it worked. */
export function useCopyPixelLink(): (pixel: Pixel | null) => Promise<void> {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const config = useAppSelector(selectPublicConfig);
  return async (pixel) => {
    if (!pixel) return;
    const ok = await copyText(
      pixelLink(pixel.x, pixel.y, config?.botUsername ?? null, config?.appUrl ?? null),
    );
    dispatch(showToast(ok ? t('wall.linkCopied') : t('wall.linkFailed'), ok ? 'success' : 'error'));
  };
}

export interface RecentColors {
  /** the active colour */
  color: string;
  recent: string[];
  /** Makes `c` the active colour and the first recent one (saved locally, and to the cloud when the front changed). */
  pick(c: string): void;
}

/** The active and recent colours: local storage first, then Telegram's cloud storage when it has any. */
export function useRecentColors(): RecentColors {
  const platform = usePlatform();
  const [recent, setRecent] = useState<string[]>(() => parseRecent(localStorage.getItem(RECENT_COLORS_KEY)));
  const [color, setColor] = useState<string>(() => recent[0] ?? randomStartColor());
  useEffect(() => {
    let alive = true;
    void platform.cloudGet(RECENT_COLORS_KEY).then((raw) => {
      const fromCloud = parseRecent(raw);
      if (alive && fromCloud.length > 0) setRecent(fromCloud);
    });
    return () => {
      alive = false;
    };
  }, [platform]);
  const pick = useCallback(
    (c: string) => {
      setColor(c);
      const next = pushRecent(recent, c);
      const frontChanged = next[0] !== recent[0];
      setRecent(next);
      localStorage.setItem(RECENT_COLORS_KEY, JSON.stringify(next));
      if (frontChanged) void platform.cloudSet(RECENT_COLORS_KEY, JSON.stringify(next));
    },
    [recent, platform],
  );
  return { color, recent, pick };
}

export interface PixelInfoState {
  info: PixelInfo | null;
  loading: boolean;
}

/**
 * The info of `pixel` while `open` (the info tab), loaded again when `version` changes (after the
 * player's own paint); the previous request is cancelled. Each selection (a new `pixel` object,
 * even of the same coordinates) starts without info.
 */
export function usePixelInfo(pixel: Pixel | null, open: boolean, version: number): PixelInfoState {
  const http = useHttp();
  const [loaded, setLoaded] = useState<{ pixel: Pixel; info: PixelInfo | null } | null>(null);
  const [loading, setLoading] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version asks for the same pixel again
  useEffect(() => {
    if (!pixel || !open) return;
    const abort = new AbortController();
    setLoading(true);
    // A pixel whose info cannot be had shows none.
    loadPixelInfo(http, pixel, abort.signal)
      .catch(() => null)
      .then((info) => {
        if (abort.signal.aborted) return;
        setLoaded({ pixel, info });
        setLoading(false);
      });
    return () => abort.abort();
  }, [http, pixel, open, version]);
  return { info: loaded && loaded.pixel === pixel ? loaded.info : null, loading };
}

/** Players and repaints overall, for the welcome block; null until loaded (or when it failed). */
export function useUsersStats(): UsersStats | null {
  const http = useHttp();
  const [stats, setStats] = useState<UsersStats | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    loadUsersStats(http, abort.signal).then(
      (s) => {
        if (!abort.signal.aborted) setStats(s);
      },
      () => {},
    );
    return () => abort.abort();
  }, [http]);
  return stats;
}

/**
 * `total` (loaded once; null before) plus the repaints the wall has brought since, written by
 * `write`: the welcome block's live figure. It is read on every batch, but the component renders
 * again only when the written text changes.
 */
export function useLiveRepaints(
  store: Pick<PixelStore, 'repaints' | 'subscribe'>,
  total: number | null,
  write: (n: number) => string,
): string | null {
  const since = useRef<{ total: number; repaints: number } | null>(null);
  if (total !== null && since.current?.total !== total) since.current = { total, repaints: store.repaints };
  return useSyncExternalStore(store.subscribe, () => {
    const base = since.current;
    return base === null ? null : write(base.total + store.repaints - base.repaints);
  });
}

/**
 * The Wall as the player left it the last time it was shown (read once per mount): it comes back
 * at the same camera and selection, from /energy-over's Okay as from any other page.
 */
export function useSavedWallView(launch: Pixel | null): SavedWallView | null {
  const store = useAppStore();
  // After a reload, the view this tab kept, unless the page was opened on a pixel (a launch link
  // names one: it wins, as it did before the reload).
  const [saved] = useState(() => selectWallView(store.getState()) ?? (launch ? null : sessionWallView()));
  return saved;
}

/**
 * The canvas view on `canvasRef`, made once per mount (null before): taps go to whatever `onTap`
 * holds at the time; the view the player left (`saved`) comes back, else the launch pixel is
 * selected and centred; fps and motion follow the settings. On unmount the camera and selection
 * are saved for the next visit, and kept for this tab's session whenever the page is hidden or left,
 * so a reload opens where the player was.
 */
export function useCanvasView(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  runtime: WallRuntime,
  onTap: RefObject<(p: Pixel | null) => void>,
  launch: Pixel | null,
  saved: SavedWallView | null = null,
): CanvasView | null {
  const dispatch = useAppDispatch();
  const fps = useAppSelector(selectCanvasFps);
  const motion = useMotion();
  const [view, setView] = useState<CanvasView | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fps is applied through setFps, not by re-creating the view
  useEffect(() => {
    const el = canvasRef.current;
    if (!el) return;
    const v = createCanvasView(el, runtime.store, {
      onSelect: (p) => onTap.current(p),
      fps,
      background: getComputedStyle(el).getPropertyValue('--wall-surround').trim() || '#1a1d27',
    });
    setView(v);
    if (saved) {
      if (saved.camera) v.setCamera(saved.camera);
      v.select(saved.selected);
    } else if (launch) {
      v.select(launch);
      v.centreOn(launch.x, launch.y, LAUNCH_SCALE);
    }
    const current = () => ({ camera: v.isFitted() ? null : v.getCamera(), selected: v.getSelection() });
    // A reload in this tab comes back to the same view: it is kept whenever the page may go away.
    const keep = () => {
      if (document.visibilityState === 'hidden') keepWallViewForSession(current());
    };
    const leave = () => keepWallViewForSession(current());
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', keep);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', keep);
      const view = current();
      dispatch(wallViewSaved(view));
      keepWallViewForSession(view);
      v.destroy();
      setView(null);
    };
  }, [canvasRef, runtime, onTap, launch, saved, dispatch]);
  useEffect(() => view?.setFps(fps), [view, fps]);
  useEffect(() => view?.setMotion(motion), [view, motion]);
  return view;
}

/**
 * What the chrome covers of the canvas: the header above the chrome grid, and the bottom panels
 * below the rail (the rail itself only holds buttons at the sides).
 */
function coveredInsets(canvas: Element, chrome: Element, rail: Element): Insets {
  const area = canvas.getBoundingClientRect();
  return {
    top: Math.max(0, chrome.getBoundingClientRect().top - area.top),
    bottom: Math.max(0, area.bottom - rail.getBoundingClientRect().bottom),
  };
}

/**
 * A pixel the view centres (the launch pixel) goes in the middle of what the chrome leaves
 * uncovered, and moves with it while the bottom panel opens or grows under it. Returns the refs
 * for the chrome, its bottom panels and the rail.
 */
export function useCoveredInsets(view: CanvasView | null, canvasRef: RefObject<HTMLElement | null>) {
  const chromeRef = useRef<HTMLDivElement>(null);
  const bottomRef = useRef<HTMLDivElement>(null);
  const railRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    const chrome = chromeRef.current;
    const bottom = bottomRef.current;
    const rail = railRef.current;
    if (!view || !canvas || !chrome || !bottom || !rail) return;
    // Not while the Wall is being taken down: its detached chrome measures nothing, and insets of
    // zero would move the camera just before it is saved for the next visit.
    const measure = () => {
      if (canvas.isConnected && chrome.isConnected) view.setInsets(coveredInsets(canvas, chrome, rail));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(chrome);
    observer.observe(bottom);
    return () => observer.disconnect();
  }, [view, canvasRef]);
  return { chromeRef, bottomRef, railRef };
}
