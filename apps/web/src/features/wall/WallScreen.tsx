import {
  API_PREFIX,
  PALETTE,
  type PixelInfo,
  parseLaunchParam,
  pixelIdOf,
  type UsersStats,
} from '@pixel-wall/shared';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type CanvasView, createCanvasView, type Insets, type Pixel } from '../../canvas/index.ts';
import { useFormat } from '../../i18n/format.ts';
import { useMotion } from '../../platform/motion.ts';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { selectPublicConfig } from '../../store/configSlice.ts';
import { useAppDispatch, useAppSelector, useAppStore } from '../../store/hooks.ts';
import { selectSignedIn } from '../../store/sessionSlice.ts';
import { selectCanvasFps, shopProductRequested, showToast } from '../../store/uiSlice.ts';
import { fetchMe, selectUser } from '../../store/userSlice.ts';
import { GuestLoginBanner } from '../../ui/GuestLoginBanner/GuestLoginBanner.tsx';
import { BlastRail } from '../boosts/BlastRail.tsx';
import { BoostHint, PipetteHint } from '../boosts/BoostHint.tsx';
import {
  FAST_MODE_PRODUCT,
  type FastMode,
  isBlastMode,
  modeAfterGoods,
  pressBoost,
  tapActs,
} from '../boosts/fastModes.ts';
import { applyBlast, applyRefill, type ItemOutcome } from '../boosts/items.ts';
import { PaintBarBoosts } from '../boosts/PaintBarBoosts.tsx';
import { paintWithEnergy } from '../boosts/paintFlow.ts';
import { colorUnderTap, PIPETTE_PRODUCT, pressPipette } from '../boosts/pipette.ts';
import { HiddenLayer } from '../hidden/HiddenLayer.tsx';
import { type HiddenNotice, noticeOf } from '../hidden/notices.ts';
import { liveCharges } from '../mining/charges.ts';
import { MiningChip } from '../mining/MiningChip.tsx';
import { MiningSheet } from '../mining/MiningSheet.tsx';
import { applySnapItem, SNAP_PRODUCT } from '../pixanos/snapItem.ts';
import { WallEffects } from '../pixanos/WallEffects.tsx';
import type { PaintReward } from '../rewards/PixelRewardPopup.tsx';
import { paintRewardOf } from '../rewards/paintReward.ts';
import { WallRewards } from '../rewards/WallRewards.tsx';
import { goodsCount, useShop } from '../shop/shopStore.ts';
import { TemplateControls, TemplateHint } from '../templates/TemplateControls.tsx';
import { TemplatesSheet } from '../templates/TemplatesSheet.tsx';
import { useTemplateOverlay } from '../templates/useTemplateOverlay.ts';
import { copyText } from './clipboard.ts';
import { parseRecent, pushRecent, RECENT_COLORS_KEY, randomPaletteColor, recentOrDefault } from './colors.ts';
import { pixelLink } from './links.ts';
import { PaintBar, type PaintBarTab } from './PaintBar.tsx';
import { wallRuntime } from './runtime.ts';
import type { SyncStatus } from './sync.ts';
import { ZoomControls } from './ZoomControls.tsx';
import './wall.css';

const LAUNCH_SCALE = 24;

function useSyncStatus(): SyncStatus {
  const runtime = wallRuntime();
  return useSyncExternalStore(runtime.subscribeStatus, () => runtime.sync.status);
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
  const store = useAppStore();
  const navigate = useNavigate();
  const platform = usePlatform();
  const signedIn = useAppSelector(selectSignedIn);
  const user = useAppSelector(selectUser);
  const config = useAppSelector(selectPublicConfig);
  const fps = useAppSelector(selectCanvasFps);
  const motion = useMotion();
  const status = useSyncStatus();
  const wide = useWide();
  const runtime = wallRuntime();

  const canvasRef = useRef<HTMLCanvasElement>(null);
  const chromeRef = useRef<HTMLDivElement>(null);
  const bottomRef = useRef<HTMLDivElement>(null);
  const railRef = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<CanvasView | null>(null);
  const [selected, setSelected] = useState<Pixel | null>(null);
  const [tab, setTab] = useState<PaintBarTab>('none');
  const [recent, setRecent] = useState<string[]>(() => parseRecent(localStorage.getItem(RECENT_COLORS_KEY)));
  const [color, setColor] = useState<string>(() => recent[0] ?? randomPaletteColor());
  const [info, setInfo] = useState<PixelInfo | null>(null);
  const [infoLoading, setInfoLoading] = useState(false);
  const [painting, setPainting] = useState(false);
  const [infoVersion, setInfoVersion] = useState(0);
  const [mode, setMode] = useState<FastMode | null>(null);
  // The pipette is armed: the next tap takes a colour (see boosts/pipette.ts).
  const [picking, setPicking] = useState(false);
  const [usingItem, setUsingItem] = useState(false);
  const [reward, setReward] = useState<PaintReward | null>(null);
  const [hiddenNotice, setHiddenNotice] = useState<HiddenNotice | null>(null);
  const [miningOpen, setMiningOpen] = useState(false);
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const shop = useShop();
  const [launchTemplate] = useState(() => parseLaunchParam(platform.startParam).template);
  const templates = useTemplateOverlay(view, selected, { signedIn, showReferred: launchTemplate });
  // The view's tap callback is made once; it calls whatever this holds at the time.
  const onTap = useRef<(p: Pixel | null) => void>(() => {});

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
      onSelect: (p) => onTap.current(p),
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

  // A pixel the view centres (the launch pixel) goes in the middle of what the chrome leaves
  // uncovered, and moves with it while the bottom panel opens or grows under it.
  useEffect(() => {
    const canvas = canvasRef.current;
    const chrome = chromeRef.current;
    const bottom = bottomRef.current;
    const rail = railRef.current;
    if (!view || !canvas || !chrome || !bottom || !rail) return;
    const measure = () => view.setInsets(coveredInsets(canvas, chrome, rail));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(chrome);
    observer.observe(bottom);
    return () => observer.disconnect();
  }, [view]);

  useEffect(() => view?.setFps(fps), [view, fps]);
  useEffect(() => view?.setMotion(motion), [view, motion]);

  // Fast modes: every tap acts at once, so double taps do not zoom (SPEC §4).
  useEffect(() => view?.setDoubleTapZoom(!tapActs(mode) && !picking), [view, mode, picking]);

  // A blast tool whose items ran out (or a guest) switches off; so does a pipette no longer held.
  useEffect(() => {
    setMode((m) => (signedIn ? modeAfterGoods(m, shop.goods) : null));
    if (!signedIn || goodsCount(shop.goods, PIPETTE_PRODUCT) <= 0) setPicking(false);
  }, [shop.goods, signedIn]);

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

  const paint = useCallback(
    async (target: Pixel | null = selected) => {
      // SPEC §4: nothing happens while an item is being used.
      if (!target || painting || usingItem) return;
      setPainting(true);
      try {
        const outcome = await dispatch(
          paintWithEnergy(runtime, pixelIdOf(target.x, target.y), color, mode === 'energy'),
        );
        if (outcome.kind === 'no-charges' || outcome.kind === 'no-refill') navigate('/energy-over');
        else if (outcome.kind === 'failed')
          dispatch(showToast(t('wall.paintFailed', { message: outcome.message }), 'error'));
        else {
          if (recent[0] !== color) pick(color);
          setInfoVersion((n) => n + 1);
          setReward(paintRewardOf(outcome.result));
          setHiddenNotice(noticeOf(outcome.result.hidden, target.x, target.y, Date.now()));
        }
      } finally {
        setPainting(false);
      }
    },
    [selected, painting, usingItem, dispatch, runtime, color, mode, navigate, t, recent, pick],
  );

  const openShopFor = useCallback(
    (productId: number) => {
      dispatch(shopProductRequested(productId));
      navigate('/stars');
    },
    [dispatch, navigate],
  );

  /** What an item use tells the player: the shop when none are left, a toast on failure. */
  const afterItem = useCallback(
    (outcome: ItemOutcome, productId: number) => {
      if (outcome.kind === 'empty') openShopFor(productId);
      else if (outcome.kind === 'failed')
        dispatch(showToast(t('boosts.failed', { message: outcome.message }), 'error'));
      else if (outcome.kind === 'used') setReward(paintRewardOf(outcome.result));
    },
    [dispatch, openShopFor, t],
  );

  const blast = useCallback(
    async (target: Pixel) => {
      if (usingItem || !isBlastMode(mode)) return;
      const type = FAST_MODE_PRODUCT[mode];
      setUsingItem(true);
      try {
        afterItem(await dispatch(applyBlast(runtime, type, pixelIdOf(target.x, target.y), color)), type);
      } finally {
        setUsingItem(false);
      }
    },
    [usingItem, mode, dispatch, runtime, color, afterItem],
  );

  /** Pixanos' Snap: used when held (the show follows from the socket), else the shop. */
  const snap = useCallback(async () => {
    if (usingItem) return;
    if (goodsCount(shop.goods, SNAP_PRODUCT) <= 0) {
      openShopFor(SNAP_PRODUCT);
      return;
    }
    setUsingItem(true);
    try {
      const outcome = await dispatch(applySnapItem());
      if (outcome.kind === 'empty') openShopFor(SNAP_PRODUCT);
      else if (outcome.kind === 'failed')
        dispatch(showToast(t('boosts.failed', { message: outcome.message }), 'error'));
    } finally {
      setUsingItem(false);
    }
  }, [usingItem, shop.goods, openShopFor, dispatch, t]);

  const pressMode = useCallback(
    async (pressed: FastMode) => {
      if (usingItem) return;
      const action = pressBoost(mode, pressed, shop.goods);
      if (action.kind === 'shop') {
        openShopFor(action.productId);
        return;
      }
      setMode(action.next);
      // One thing per tap: a mode whose taps act puts the pipette down.
      if (tapActs(action.next)) setPicking(false);
      // Fast energy switched on with no charges left refills straight away.
      const snapshot = store.getState().mining.charges;
      if (action.next === 'energy' && snapshot && liveCharges(snapshot, Date.now()).charges <= 0) {
        setUsingItem(true);
        try {
          afterItem(await dispatch(applyRefill()), 1);
        } finally {
          setUsingItem(false);
        }
      }
    },
    [usingItem, mode, shop.goods, openShopFor, store, dispatch, afterItem],
  );

  const pressPipetteTool = useCallback(() => {
    const action = pressPipette(picking, mode, shop.goods);
    if (action.kind === 'shop') {
      openShopFor(action.productId);
      return;
    }
    setPicking(action.armed);
    setMode(action.mode);
  }, [picking, mode, shop.goods, openShopFor]);

  onTap.current = (p) => {
    if (picking) {
      // The pipette selects nothing: it takes the colour and goes back down.
      view?.select(selected);
      const taken = p ? colorUnderTap(runtime.store, p) : null;
      if (taken) {
        pick(taken);
        dispatch(showToast(t('boosts.picked'), 'success'));
      }
      setPicking(false);
      return;
    }
    if (isBlastMode(mode)) {
      // A blast selects nothing: the previous selection stays.
      view?.select(selected);
      if (p) void blast(p);
      return;
    }
    setSelected(p);
    setInfo(null);
    if (mode === 'fast' && p) void paint(p);
  };

  const copyLink = useCallback(async () => {
    if (!selected) return;
    const ok = await copyText(
      pixelLink(selected.x, selected.y, config?.botUsername ?? null, config?.appUrl ?? null),
    );
    dispatch(showToast(ok ? t('wall.linkCopied') : t('wall.linkFailed'), ok ? 'success' : 'error'));
  }, [selected, config, dispatch, t]);

  return (
    <div className={`wall${isBlastMode(mode) || picking ? ' wall--aiming' : ''}`}>
      <canvas
        ref={canvasRef}
        className="wall__canvas"
        data-testid="wall-canvas"
        aria-label={t('wall.canvasLabel')}
      />
      <WallEffects view={view} canvas={canvasRef.current} runtime={runtime} />
      {!signedIn && wide ? <WelcomeBlock /> : null}
      {signedIn ? <MiningChip onOpen={() => setMiningOpen(true)} /> : null}
      {status !== 'live' ? (
        <div className="wall-status panel" role="status" data-testid="sync-status">
          {status === 'offline' ? t('wall.offline') : t('wall.syncing')}
        </div>
      ) : null}
      <div ref={chromeRef} className="wall__chrome">
        <div className="wall__aside">
          <TemplateControls
            state={templates.state}
            store={templates.store}
            layer={templates.layer}
            onOpenSheet={() => setTemplatesOpen(true)}
          />
          <GuestLoginBanner placement="floating" />
        </div>
        <div ref={bottomRef} className="wall__bottom">
          <div ref={railRef} className="wall__rail">
            {signedIn ? (
              <BlastRail goods={shop.goods} mode={mode} busy={usingItem} onPress={(m) => void pressMode(m)} />
            ) : null}
            <ZoomControls view={view} />
          </div>
          {signedIn && isBlastMode(mode) ? (
            <BoostHint mode={mode} goods={shop.goods} onCancel={() => setMode(null)} />
          ) : null}
          {signedIn && picking ? <PipetteHint onCancel={() => setPicking(false)} /> : null}
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
              templateHint={
                templates.hint !== null ? (
                  <TemplateHint
                    color={templates.hint}
                    active={PALETTE[templates.hint] === color}
                    onPick={pick}
                  />
                ) : null
              }
              boosts={
                <PaintBarBoosts
                  goods={shop.goods}
                  mode={mode}
                  picking={picking}
                  onPress={(m) => void pressMode(m)}
                  onPipette={pressPipetteTool}
                  onSnap={() => void snap()}
                />
              }
            />
          ) : (
            <div className="wall-hint panel" data-testid="hint-select">
              {t('wall.hintSelect')}
            </div>
          )}
        </div>
      </div>
      <HiddenLayer view={view} notice={hiddenNotice} signedIn={signedIn} />
      <WallRewards signedIn={signedIn} reward={reward} onDone={() => setReward(null)} />
      {signedIn ? <MiningSheet open={miningOpen} onClose={() => setMiningOpen(false)} /> : null}
      <TemplatesSheet
        open={templatesOpen}
        onClose={() => setTemplatesOpen(false)}
        store={templates.store}
        selected={selected}
      />
    </div>
  );
}

/** Wide screens without login: what this is, a few figures, and the way to the about page. */
function WelcomeBlock() {
  const { t } = useTranslation();
  const format = useFormat();
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
            <dd>{format.compact(stats.totalPlayers)}</dd>
          </div>
          <div>
            <dt>{t('wall.statRepaints')}</dt>
            <dd>{format.compact(stats.totalRepaints)}</dd>
          </div>
        </dl>
      ) : null}
      <Link className="wall-welcome__link" to="/about#about_stats">
        {t('wall.welcomeAbout')}
      </Link>
    </aside>
  );
}
