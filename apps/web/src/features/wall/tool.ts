/**
 * The tool in the player's hand on the Wall, as one state machine (SPEC §4). A tap selects a pixel
 * (with fast energy on or off), selects and paints it (fast mode), throws a blast there (bomb, paint
 * can, pumpkin: the selection stays) or, with the pipette armed, takes its colour and puts the
 * pipette down. Fast modes exclude each other; the pipette keeps fast energy and nothing else.
 * Beside the tool: a paint and an item use (blast, Snap, refill) under way, each at most once.
 *
 * Pure: `toolReducer` for the state, `shopFor` for the presses that open the shop instead, and the
 * queries the screen asks (what a tap does, which mode the buttons show, whether double taps zoom).
 */
import type { BlastKind, GoodsAvailable } from '@pixel-wall/shared';
import { goodsCount } from '../../store/shopStore.ts';
import { type FastMode, isBlastMode, modeAfterGoods, pressBoost } from '../boosts/fastModes.ts';
import { PIPETTE_PRODUCT, pressPipette } from '../boosts/pipette.ts';

/** The catalogue's blasts (bomb, paint can, pumpkin). */
export type BlastMode = BlastKind;

export type Tool =
  /** A tap selects; `energy`: fast energy refills at zero charges when painting. */
  | { kind: 'select'; energy: boolean }
  /** Every tap selects and paints at once. */
  | { kind: 'fast' }
  /** Every tap throws `blast` at the pixel and selects nothing. */
  | { kind: 'aimBlast'; blast: BlastMode }
  /** Armed pipette: the next tap takes the pixel's colour and puts it down. */
  | { kind: 'pipette'; energy: boolean };

export interface ToolState {
  tool: Tool;
  /** a paint is under way: no second one starts */
  painting: boolean;
  /** an item (blast, Snap, refill) is under way: no paint, blast, Snap or boost press meanwhile */
  usingItem: boolean;
}

export type ToolEvent =
  /** a fast-mode button (fast energy, fast mode, a blast), with the goods held at the time */
  | { type: 'boostPressed'; mode: FastMode; goods: GoodsAvailable }
  | { type: 'pipettePressed'; goods: GoodsAvailable }
  /** "Cancel" on the blast hint */
  | { type: 'blastCancelled' }
  /** "Cancel" on the pipette hint */
  | { type: 'pipetteCancelled' }
  /** a tap on the Wall (on a pixel or off the canvas), after `tapIntent` told what it does */
  | { type: 'pixelTapped' }
  /** the goods held or the sign-in changed: tools no longer held are put down */
  | { type: 'goodsChanged'; goods: GoodsAvailable; signedIn: boolean }
  | { type: 'paintStarted' }
  | { type: 'paintEnded' }
  | { type: 'itemStarted' }
  | { type: 'itemEnded' };

export const INITIAL_TOOL: ToolState = {
  tool: { kind: 'select', energy: false },
  painting: false,
  usingItem: false,
};

/** What a tap does with the tool in hand. */
export type TapIntent =
  | { kind: 'select'; paint: boolean }
  | { kind: 'blast'; blast: BlastMode }
  | { kind: 'takeColor' };

/** The fast mode the boost buttons show as on (null: none). */
export function modeOf(tool: Tool): FastMode | null {
  switch (tool.kind) {
    case 'fast':
      return 'fast';
    case 'aimBlast':
      return tool.blast;
    default:
      return tool.energy ? 'energy' : null;
  }
}

function toolOf(mode: FastMode | null, armed: boolean): Tool {
  if (mode === 'fast') return { kind: 'fast' };
  if (isBlastMode(mode)) return { kind: 'aimBlast', blast: mode };
  return { kind: armed ? 'pipette' : 'select', energy: mode === 'energy' };
}

export function tapIntent(tool: Tool): TapIntent {
  switch (tool.kind) {
    case 'pipette':
      return { kind: 'takeColor' };
    case 'aimBlast':
      return { kind: 'blast', blast: tool.blast };
    default:
      return { kind: 'select', paint: tool.kind === 'fast' };
  }
}

/** Double taps zoom only when a tap merely selects (SPEC §4: in fast modes every tap acts). */
export function doubleTapZooms(tool: Tool): boolean {
  return tool.kind === 'select';
}

/** The next tap aims at a pixel without selecting it (the Wall shows a crosshair cursor). */
export function isAiming(tool: Tool): boolean {
  return tool.kind === 'aimBlast' || tool.kind === 'pipette';
}

export function canPaint(state: ToolState): boolean {
  return !state.painting && !state.usingItem;
}

export function canUseItem(state: ToolState): boolean {
  return !state.usingItem;
}

/** The product whose shop a press opens instead of taking the tool (none held); null otherwise. */
export function shopFor(state: ToolState, event: ToolEvent): number | null {
  if (event.type === 'boostPressed') {
    if (!canUseItem(state)) return null;
    const action = pressBoost(modeOf(state.tool), event.mode, event.goods);
    return action.kind === 'shop' ? action.productId : null;
  }
  if (event.type === 'pipettePressed') {
    const action = pressPipette(state.tool.kind === 'pipette', modeOf(state.tool), event.goods);
    return action.kind === 'shop' ? action.productId : null;
  }
  return null;
}

function withTool(state: ToolState, tool: Tool): ToolState {
  const same = tool.kind === state.tool.kind && modeOf(tool) === modeOf(state.tool);
  return same ? state : { ...state, tool };
}

/** Fast energy switched on by this transition (at zero charges it refills straight away). */
export function energySwitchedOn(before: ToolState, after: ToolState): boolean {
  return modeOf(after.tool) === 'energy' && modeOf(before.tool) !== 'energy';
}

/** The next state; an event that does not apply returns `state` itself. */
export function toolReducer(state: ToolState, event: ToolEvent): ToolState {
  const { tool } = state;
  switch (event.type) {
    case 'boostPressed': {
      // SPEC §4: nothing happens while an item is being used.
      if (!canUseItem(state)) return state;
      const action = pressBoost(modeOf(tool), event.mode, event.goods);
      // One thing per tap: a mode whose taps act puts the pipette down; fast energy keeps it.
      return action.kind === 'mode' ? withTool(state, toolOf(action.next, tool.kind === 'pipette')) : state;
    }
    case 'pipettePressed': {
      const action = pressPipette(tool.kind === 'pipette', modeOf(tool), event.goods);
      return action.kind === 'toggle' ? withTool(state, toolOf(action.mode, action.armed)) : state;
    }
    case 'blastCancelled':
      return tool.kind === 'aimBlast' ? withTool(state, { kind: 'select', energy: false }) : state;
    case 'pipetteCancelled':
    case 'pixelTapped':
      // The pipette takes one colour and goes back down.
      return tool.kind === 'pipette' ? withTool(state, { kind: 'select', energy: tool.energy }) : state;
    case 'goodsChanged': {
      const mode = event.signedIn ? modeAfterGoods(modeOf(tool), event.goods) : null;
      const armed = tool.kind === 'pipette' && event.signedIn && goodsCount(event.goods, PIPETTE_PRODUCT) > 0;
      return withTool(state, toolOf(mode, armed));
    }
    case 'paintStarted':
      return canPaint(state) ? { ...state, painting: true } : state;
    case 'paintEnded':
      return state.painting ? { ...state, painting: false } : state;
    case 'itemStarted':
      return canUseItem(state) ? { ...state, usingItem: true } : state;
    case 'itemEnded':
      return state.usingItem ? { ...state, usingItem: false } : state;
  }
}
