import {
  API_PREFIX,
  formatK,
  type PixelInfo,
  parseLaunchParam,
  pixelIdOf,
  type UsersStats,
} from '@pixel-wall/shared';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type CanvasView, createCanvasView, type Pixel } from '../../canvas/index.ts';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { selectPublicConfig } from '../../store/configSlice.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { selectSignedIn } from '../../store/sessionSlice.ts';
import { selectCanvasFps, showToast } from '../../store/uiSlice.ts';
import { fetchMe, selectUser } from '../../store/userSlice.ts';
import { copyText } from './clipboard.ts';
import { parseRecent, pushRecent, RECENT_COLORS_KEY, randomPaletteColor, recentOrDefault } from './colors.ts';
import { pixelLink } from './links.ts';
import { PaintBar, type PaintBarTab } from './PaintBar.tsx';
import { paintPixel } from './paint.ts';
import { wallRuntime } from './runtime.ts';
import type { SyncStatus } from './sync.ts';
import { ZoomControls } from './ZoomControls.tsx';
import './wall.css';

const LAUNCH_SCALE = 24;

function useSyncStatus(): SyncStatus {
  const runtime = wallRuntime();
  return useSyncExternalStore(runtime.subscribeStatus, () => runtime.sync.status);
}

function useWide(): boolean {
  const query = '(min-width: 900px)';
  return useSyncExternalStore(
    (fn) => {
      const m = window.matchMedia(query);
      m.addEventListener('change', fn);
      return () => m.removeEventListener('change', fn);
    },
    () => window.matchMedia(query).matches,
  );
}

export function WallScreen() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const platform = usePlatform();
  const signedIn = useAppSelector(selectSignedIn);
  const user = useAppSelector(selectUser);
  const config = useAppSelector(selectPublicConfig);
  const fps = useAppSelector(selectCanvasFps);
  const status = useSyncStatus();
  const wide = useWide();
  const runtime = wallRuntime();

  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [view, setView] = useState<CanvasView | null>(null);
  const [selected, setSelected] = useState<Pixel | null>(null);
  const [tab, setTab] = useState<PaintBarTab>('none');
  const [recent, setRecent] = useState<string[]>(() => parseRecent(localStorage.getItem(RECENT_COLORS_KEY)));
  const [color, setColor] = useState<string>(() => recent[0] ?? randomPaletteColor());
  const [info, setInfo] = useState<PixelInfo | null>(null);
  const [infoLoading, setInfoLoading] = useState(false);
  const [painting, setPainting] = useState(false);
  const [infoVersion, setInfoVersion] = useState(0);

  // The socket carries the player's token; a refused token is fetched anew.
  useEffect(() => {
    runtime.setToken(signedIn ? (user?.websocketToken ?? null) : null);
  }, [runtime, signedIn, user?.websocketToken]);
  useEffect(() => {
    runtime.onUnauthorized = async () => {
      if (signedIn) await dispatch(fetchMe());
    };
    return () => {
      runtime.onUnauthorized = null;
    };
  }, [runtime, dispatch, signedIn]);

  // Recent colours from Telegram's cloud storage, when it has any.
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

  // The view is created once per mount; fps changes are applied by the next effect.
  // biome-ignore lint/correctness/useExhaustiveDependencies: fps is applied through setFps, not by re-creating the view
  useEffect(() => {
    const el = canvasRef.current;
    if (!el) return;
    const v = createCanvasView(el, runtime.store, {
      onSelect: (p) => {
        setSelected(p);
        setInfo(null);
      },
      fps,
      background: getComputedStyle(el).getPropertyValue('--wall-surround').trim() || '#1a1d27',
    });
    setView(v);
    const launch = parseLaunchParam(platform.startParam);
    if (launch.x !== null && launch.y !== null) {
      v.select({ x: launch.x, y: launch.y });
      setSelected({ x: launch.x, y: launch.y });
      v.centreOn(launch.x, launch.y, LAUNCH_SCALE);
    }
    return () => {
      v.destroy();
      setView(null);
    };
  }, [runtime, platform]);

  useEffect(() => view?.setFps(fps), [view, fps]);

  // Pixel info for the selected pixel, the previous request cancelled.
  // biome-ignore lint/correctness/useExhaustiveDependencies: infoVersion refetches after our own paint
  useEffect(() => {
    if (!selected || tab !== 'info') return;
    const abort = new AbortController();
    setInfoLoading(true);
    fetch(`${API_PREFIX}/image/get/${pixelIdOf(selected.x, selected.y)}`, { signal: abort.signal })
      .then((r) => (r.ok ? (r.json() as Promise<PixelInfo>) : null))
      .then((body) => {
        if (!abort.signal.aborted) setInfo(body);
      })
      .catch(() => {})
      .finally(() => {
        if (!abort.signal.aborted) setInfoLoading(false);
      });
    return () => abort.abort();
  }, [selected, tab, infoVersion]);

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

  const paint = useCallback(async () => {
    if (!selected || painting) return;
    setPainting(true);
    try {
      const outcome = await dispatch(paintPixel(runtime, pixelIdOf(selected.x, selected.y), color));
      if (outcome.kind === 'no-charges') navigate('/energy-over');
      else if (outcome.kind === 'failed')
        dispatch(showToast(t('wall.paintFailed', { message: outcome.message }), 'error'));
      else {
        if (recent[0] !== color) pick(color);
        setInfoVersion((n) => n + 1);
      }
    } finally {
      setPainting(false);
    }
  }, [selected, painting, dispatch, runtime, color, navigate, t, recent, pick]);

  const copyLink = useCallback(async () => {
    if (!selected) return;
    const ok = await copyText(
      pixelLink(selected.x, selected.y, config?.botUsername ?? null, config?.appUrl ?? null),
    );
    dispatch(showToast(ok ? t('wall.linkCopied') : t('wall.linkFailed'), ok ? 'success' : 'error'));
  }, [selected, config, dispatch, t]);

  return (
    <div className="wall">
      <canvas
        ref={canvasRef}
        className="wall__canvas"
        data-testid="wall-canvas"
        aria-label={t('wall.canvasLabel')}
      />
      {!signedIn && wide ? <WelcomeBlock /> : null}
      {status !== 'live' ? (
        <div className="wall-status panel" role="status" data-testid="sync-status">
          {status === 'offline' ? t('wall.offline') : t('wall.syncing')}
        </div>
      ) : null}
      <div className="wall__bottom">
        <ZoomControls view={view} />
        {!signedIn ? (
          <div className="wall-hint panel" data-testid="hint-guest">
            {t('wall.hintGuest')}
          </div>
        ) : selected ? (
          <PaintBar
            color={color}
            recent={recentOrDefault(recent)}
            tab={tab}
            info={info}
            infoLoading={infoLoading}
            painting={painting}
            onTab={setTab}
            onPick={pick}
            onPaint={() => void paint()}
            onCopyLink={() => void copyLink()}
          />
        ) : (
          <div className="wall-hint panel" data-testid="hint-select">
            {t('wall.hintSelect')}
          </div>
        )}
      </div>
    </div>
  );
}

/** Wide screens without login: what this is, a few figures, and the way to the about page. */
function WelcomeBlock() {
  const { t } = useTranslation();
  const [stats, setStats] = useState<UsersStats | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    fetch(`${API_PREFIX}/users/stats`, { signal: abort.signal })
      .then((r) => (r.ok ? (r.json() as Promise<UsersStats>) : null))
      .then(setStats)
      .catch(() => {});
    return () => abort.abort();
  }, []);
  return (
    <aside className="wall-welcome panel" data-testid="welcome">
      <h2 className="wall-welcome__title">{t('wall.welcomeTitle')}</h2>
      <p>{t('wall.welcomeText')}</p>
      {stats ? (
        <dl className="wall-welcome__stats">
          <div>
            <dt>{t('wall.statPainters')}</dt>
            <dd>{formatK(stats.totalPlayers)}</dd>
          </div>
          <div>
            <dt>{t('wall.statRepaints')}</dt>
            <dd>{formatK(stats.totalRepaints)}</dd>
          </div>
        </dl>
      ) : null}
      <Link className="wall-welcome__link" to="/about#about_stats">
        {t('wall.welcomeAbout')}
      </Link>
    </aside>
  );
}
