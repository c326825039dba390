/**
 * The Wall's tool (tool.ts) with its side effects: painting, throwing blasts, the Snap, fast energy's
 * refill, the shop for what the player does not hold, and what follows a paint (the recent colours,
 * a reward, a hidden pixel's notice). The tool lives in one reducer; the buttons and taps send it events.
 */
import type { GoodsAvailable, RepaintSpecialBody } from '@pixel-wall/shared';
import { pixelIdOf } from '@pixel-wall/shared/core';
import { type Dispatch, useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { WallRuntime } from '../../api/wall/runtime.ts';
import type { CanvasView, Pixel } from '../../canvas/index.ts';
import { liveCharges } from '../../store/charges.ts';
import { useAppDispatch, useAppSelector, useAppStore } from '../../store/hooks.ts';
import { selectSignedIn } from '../../store/sessionSlice.ts';
import { goodsCount } from '../../store/shopStore.ts';
import { shopProductRequested, showToast } from '../../store/uiSlice.ts';
import { errorText, paintFailureToast } from '../../ui/failureText.ts';
import type { FastMode } from '../boosts/fastModes.ts';
import { applyBlast, applyRefill, type ItemOutcome } from '../boosts/items.ts';
import { paintWithEnergy } from '../boosts/paintFlow.ts';
import { type HiddenNotice, noticeOf } from '../hidden/notices.ts';
import { applySnapItem, SNAP_PRODUCT } from '../pixanos/snapItem.ts';
import type { PaintReward } from '../rewards/PixelRewardPopup.tsx';
import { paintRewardOf } from '../rewards/paintReward.ts';
import type { RecentColors } from './hooks.ts';
import {
  canPaint,
  canUseItem,
  doubleTapZooms,
  energySwitchedOn,
  INITIAL_TOOL,
  modeOf,
  shopFor,
  type ToolEvent,
  type ToolState,
  toolReducer,
} from './tool.ts';

export interface WallToolOptions {
  view: CanvasView | null;
  runtime: WallRuntime;
  /** the active colour is painted and blasted with; a paint puts it first among the recent ones */
  colors: RecentColors;
  goods: GoodsAvailable;
  /** a paint of `target` went through (the Wall shows it to the painter) */
  onPainted?: (target: Pixel) => void;
}

export interface WallTool {
  state: ToolState;
  send: Dispatch<ToolEvent>;
  /** Paints `target` with the active colour (fast energy refills at zero charges). */
  paint(target: Pixel | null): Promise<void>;
  /** Throws the aimed blast (product `type`) at `target`. */
  blast(target: Pixel, type: RepaintSpecialBody['type']): Promise<void>;
  /** The Pixanos' Snap: used when held (the show follows from the socket), else the shop. */
  snap(): Promise<void>;
  pressBoost(mode: FastMode): Promise<void>;
  pressPipette(): void;
  /** the reward of the last paint or item use, until shown */
  reward: PaintReward | null;
  clearReward(): void;
  /** what the last paint found of the hidden pixels */
  hiddenNotice: HiddenNotice | null;
  /** how many paints went through: the pixel info is loaded again after each */
  painted: number;
}

export function useWallTool({ view, runtime, colors, goods, onPainted }: WallToolOptions): WallTool {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectSignedIn);
  const [state, send] = useReducer(toolReducer, INITIAL_TOOL);
  const [reward, setReward] = useState<PaintReward | null>(null);
  const [hiddenNotice, setHiddenNotice] = useState<HiddenNotice | null>(null);
  const [painted, setPainted] = useState(0);
  const { color } = colors;

  // A blast tool whose items ran out (or a guest) switches off; so does a pipette no longer held.
  useEffect(() => send({ type: 'goodsChanged', goods, signedIn }), [goods, signedIn]);

  // Fast modes: every tap acts at once, so double taps do not zoom (SPEC §4).
  const zooms = doubleTapZooms(state.tool);
  useEffect(() => view?.setDoubleTapZoom(zooms), [view, zooms]);

  const openShopFor = (productId: number) => {
    dispatch(shopProductRequested(productId));
    navigate('/stars');
  };

  // Codes on the wire, words in the player's language.
  const failed = (outcome: { code: string }) =>
    dispatch(
      showToast(t('boosts.failed', { message: errorText(t, outcome, 'serverErrors.INTERNAL') }), 'error'),
    );

  /** An item use under way: the shop when none are left, a toast on failure, else its reward. */
  const withItem = async (productId: number, use: () => Promise<ItemOutcome>) => {
    send({ type: 'itemStarted' });
    try {
      const outcome = await use();
      if (outcome.kind === 'empty') openShopFor(productId);
      else if (outcome.kind === 'failed') failed(outcome);
      else if (outcome.kind === 'used') setReward(paintRewardOf(outcome.result));
    } finally {
      send({ type: 'itemEnded' });
    }
  };

  /** SPEC §8: an auth failure is only logged, a rate limit is an info notice, the rest errors. */
  const paintFailed = (outcome: { code: string; message: string }) => {
    const toast = paintFailureToast(t, outcome);
    if (toast) dispatch(showToast(toast.text, toast.kind));
    else console.error(`Paint refused, not signed in (${outcome.code}): ${outcome.message}`);
  };

  const paint = async (target: Pixel | null) => {
    // SPEC §4: nothing happens while an item is being used.
    if (!target || !canPaint(state)) return;
    send({ type: 'paintStarted' });
    try {
      const pixelId = pixelIdOf(target.x, target.y);
      const energy = modeOf(state.tool) === 'energy';
      const outcome = await dispatch(paintWithEnergy(runtime, pixelId, color, energy));
      if (outcome.kind === 'no-charges' || outcome.kind === 'no-refill') navigate('/energy-over');
      else if (outcome.kind === 'failed') paintFailed(outcome);
      else {
        if (colors.recent[0] !== color) colors.pick(color);
        setPainted((n) => n + 1);
        onPainted?.(target);
        setReward(paintRewardOf(outcome.result));
        setHiddenNotice(noticeOf(outcome.result.hidden, target.x, target.y, Date.now()));
      }
    } finally {
      send({ type: 'paintEnded' });
    }
  };

  const blast = async (target: Pixel, type: RepaintSpecialBody['type']) => {
    if (!canUseItem(state) || state.tool.kind !== 'aimBlast') return;
    await withItem(type, () => dispatch(applyBlast(runtime, type, pixelIdOf(target.x, target.y), color)));
  };

  const snap = async () => {
    if (!canUseItem(state)) return;
    if (goodsCount(goods, SNAP_PRODUCT) <= 0) {
      openShopFor(SNAP_PRODUCT);
      return;
    }
    send({ type: 'itemStarted' });
    try {
      const outcome = await dispatch(applySnapItem());
      if (outcome.kind === 'empty') openShopFor(SNAP_PRODUCT);
      else if (outcome.kind === 'failed') failed(outcome);
    } finally {
      send({ type: 'itemEnded' });
    }
  };

  const pressBoost = async (mode: FastMode) => {
    const event: ToolEvent = { type: 'boostPressed', mode, goods };
    const product = shopFor(state, event);
    if (product !== null) {
      openShopFor(product);
      return;
    }
    send(event);
    // Fast energy switched on with no charges left refills straight away.
    const snapshot = store.getState().mining.charges;
    if (
      energySwitchedOn(state, toolReducer(state, event)) &&
      snapshot &&
      liveCharges(snapshot, Date.now()).charges <= 0
    ) {
      await withItem(1, () => dispatch(applyRefill()));
    }
  };

  const pressPipette = () => {
    const event: ToolEvent = { type: 'pipettePressed', goods };
    const product = shopFor(state, event);
    if (product !== null) openShopFor(product);
    else send(event);
  };

  const clearReward = () => setReward(null);
  return {
    state,
    send,
    paint,
    blast,
    snap,
    pressBoost,
    pressPipette,
    reward,
    clearReward,
    hiddenNotice,
    painted,
  };
}
