import { PALETTE } from '@pixel-wall/shared/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { wallRuntime } from '../../api/wall/runtime.ts';
import type { Pixel } from '../../canvas/index.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { selectSignedIn } from '../../store/sessionSlice.ts';
import { useShop } from '../../store/shopStore.ts';
import { shopProductRequested, showToast } from '../../store/uiSlice.ts';
import { selectUser } from '../../store/userSlice.ts';
import { recentOrActive } from '../../ui/colors.ts';
import { GuestLoginBanner } from '../../ui/GuestLoginBanner/GuestLoginBanner.tsx';
import { BlastRail } from '../boosts/BlastRail.tsx';
import { FAST_MODE_PRODUCT } from '../boosts/fastModes.ts';
import { PaintBarBoosts } from '../boosts/PaintBarBoosts.tsx';
import { colorUnderTap } from '../boosts/pipette.ts';
import { HiddenLayer } from '../hidden/HiddenLayer.tsx';
import { MiningChip } from '../mining/MiningChip.tsx';
import { MiningSheet } from '../mining/MiningSheet.tsx';
import { WallEffects } from '../pixanos/WallEffects.tsx';
import { WallRewards } from '../rewards/WallRewards.tsx';
import { TemplateControls, TemplateHint } from '../templates/TemplateControls.tsx';
import { TemplatesSheet } from '../templates/TemplatesSheet.tsx';
import { useTemplateOverlay } from '../templates/useTemplateOverlay.ts';
import { ALL_COLORS_PRODUCT, hasAllColors, mayUse, pipetteTake, usableActive } from './colours.ts';
import { FlyingRewards } from './FlyingRewards.tsx';
import {
  useCanvasView,
  useCopyPixelLink,
  useCoveredInsets,
  useLaunch,
  usePixelInfo,
  useRecentColors,
  useSavedWallView,
  useSocketToken,
  useSyncStatus,
  useWide,
} from './hooks.ts';
import { LastPixelButton } from './LastPixelButton.tsx';
import { readLastPixel, writeLastPixel } from './lastPixel.ts';
import { PaintBar, type PaintBarTab } from './PaintBar.tsx';
import { PAINT_ZOOM_SCALE, usePaintMark } from './paintMark.ts';
import { ToolHint } from './ToolHint.tsx';
import { isAiming, modeOf, tapIntent } from './tool.ts';
import { useWallFlights } from './useRewardFlight.ts';
import { useWallTool } from './useWallTool.ts';
import { WallOffers } from './WallOffers.tsx';
import { WelcomeBlock } from './WelcomeBlock.tsx';
import { ZoomControls } from './ZoomControls.tsx';
import './wall.css';

export function WallScreen() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectSignedIn);
  const runtime = wallRuntime();
  const status = useSyncStatus(runtime);
  const wide = useWide();
  useSocketToken(runtime);
  const launch = useLaunch();
  const navigate = useNavigate();
  const shop = useShop();
  const recentColors = useRecentColors();
  // Beyond the basic line only with All colours: a locked active colour (from the recent list or
  // the cloud) gives way to a usable one; nothing is written until the player picks.
  const unlocked = hasAllColors(shop.goods);
  const [startSeed] = useState(Math.random);
  const colors = {
    ...recentColors,
    color:
      usableActive(recentColors.color, recentColors.recent, unlocked, () => startSeed) ?? recentColors.color,
  };
  const openUnlock = () => {
    dispatch(shopProductRequested(ALL_COLORS_PRODUCT));
    navigate('/stars');
  };
  const pickColor = (c: string) => (mayUse(c, unlocked) ? colors.pick(c) : openUnlock());
  const copyLink = useCopyPixelLink();

  const saved = useSavedWallView(launch.pixel);
  const [selected, setSelected] = useState<Pixel | null>(saved ? saved.selected : launch.pixel);
  const [tab, setTab] = useState<PaintBarTab>('none');
  const [miningOpen, setMiningOpen] = useState(false);
  const [templatesOpen, setTemplatesOpen] = useState(false);

  const canvasRef = useRef<HTMLCanvasElement>(null);
  // The view's tap callback is made once; it calls whatever this holds at the time.
  const onTap = useRef<(p: Pixel | null) => void>(() => {});
  const view = useCanvasView(canvasRef, runtime, onTap, launch.pixel, saved);
  const { chromeRef, bottomRef, railRef } = useCoveredInsets(view, canvasRef);
  const templates = useTemplateOverlay(view, selected, { signedIn, showReferred: launch.template });

  // The painter sees their pixel: zoomed in to it when too small to make out, and ringed a moment.
  const showPaint = usePaintMark(view);
  // The last pixel painted on this device, to come back to from the whole-wall view.
  const userId = useAppSelector(selectUser)?.id ?? null;
  const [painted, setPainted] = useState<Pixel | null>(null);
  const remembered = useMemo(() => (userId === null ? null : readLastPixel(userId)), [userId]);
  const lastPixel = signedIn ? (painted ?? remembered) : null;
  const onPainted = (p: Pixel) => {
    showPaint(p);
    if (userId === null) return;
    writeLastPixel(userId, p);
    setPainted(p);
  };
  const goToPixel = (p: Pixel) => {
    view?.centreOn(p.x, p.y, PAINT_ZOOM_SCALE, true);
    view?.select(p);
    setSelected(p);
  };
  const tool = useWallTool({ view, runtime, colors, goods: shop.goods, onPainted });
  const current = tool.state.tool;
  const mode = modeOf(current);
  const info = usePixelInfo(selected, tab === 'info', tool.painted);
  const flights = useWallFlights(tool.reward, view, canvasRef);

  onTap.current = (p) => {
    const intent = tapIntent(current);
    tool.send({ type: 'pixelTapped' });
    flights.wonAt.current = p;
    if (intent.kind === 'select') {
      setSelected(p);
      if (intent.paint && p) void tool.paint(p);
      return;
    }
    // The pipette and the blasts select nothing: the previous selection stays.
    view?.select(selected);
    if (intent.kind === 'blast') {
      if (p) void tool.blast(p, FAST_MODE_PRODUCT[intent.blast]);
      return;
    }
    const taken = p ? colorUnderTap(runtime.store, p) : null;
    if (!taken) return;
    // A locked colour is not taken: the player is offered the unlock instead.
    if (pipetteTake(taken, unlocked).kind === 'locked') {
      dispatch(showToast(t('colours.pipetteLocked'), 'info'));
      openUnlock();
      return;
    }
    colors.pick(taken);
    dispatch(showToast(t('boosts.picked'), 'success'));
  };

  return (
    <div className={`wall${isAiming(current) ? ' wall--aiming' : ''}`}>
      <canvas
        ref={canvasRef}
        className="wall__canvas"
        data-testid="wall-canvas"
        aria-label={t('wall.canvasLabel')}
      />
      <WallEffects view={view} canvas={canvasRef.current} runtime={runtime} />
      {!signedIn && wide ? <WelcomeBlock store={runtime.store} /> : null}
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
          <LastPixelButton view={view} pixel={lastPixel} onGo={goToPixel} />
          <div ref={railRef} className="wall__rail">
            {signedIn ? (
              <BlastRail
                goods={shop.goods}
                mode={mode}
                busy={tool.state.usingItem}
                onPress={(m) => void tool.pressBoost(m)}
              />
            ) : null}
            <div className="wall__rail-end">
              <WallOffers signedIn={signedIn} onFly={flights.launch} />
              <ZoomControls view={view} />
            </div>
          </div>
          {signedIn ? <ToolHint tool={current} goods={shop.goods} send={tool.send} /> : null}
          {!signedIn ? (
            <div className="wall-hint panel" data-testid="hint-guest">
              {t('wall.hintGuest')}
            </div>
          ) : selected ? (
            <PaintBar
              color={colors.color}
              recent={recentOrActive(colors.recent, colors.color)}
              unlocked={unlocked}
              tab={tab}
              info={info.info}
              infoLoading={info.loading}
              painting={tool.state.painting}
              onTab={setTab}
              onPick={pickColor}
              onUnlock={openUnlock}
              onPaint={() => {
                flights.wonAt.current = selected;
                void tool.paint(selected);
              }}
              onCopyLink={() => void copyLink(selected)}
              templateHint={
                templates.hint !== null ? (
                  <TemplateHint
                    color={templates.hint}
                    active={PALETTE[templates.hint] === colors.color}
                    onPick={pickColor}
                  />
                ) : null
              }
              boosts={
                <PaintBarBoosts
                  goods={shop.goods}
                  mode={mode}
                  picking={current.kind === 'pipette'}
                  onPress={(m) => void tool.pressBoost(m)}
                  onPipette={tool.pressPipette}
                  onSnap={() => void tool.snap()}
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
      <HiddenLayer view={view} notice={tool.hiddenNotice} signedIn={signedIn} />
      <FlyingRewards flights={flights.flights} onLanded={flights.landed} />
      <WallRewards signedIn={signedIn} reward={tool.reward} onDone={tool.clearReward} />
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
