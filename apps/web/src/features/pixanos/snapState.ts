/**
 * The Pixanos' Snap as the app lives it (SPEC §4): the camera fits, a 7.2 s snap animation plays,
 * the page returns to /, the canvas (already repainted by the sync from seed, percentage and
 * colour) fades in over 6 s; then the event popup. A small external store, so the watcher (every
 * page) and the wall's effects layer (the Wall only) share one state.
 */
import type { WallEvent } from '@pixel-wall/shared';
import { SNAP_ANIMATION_MS, SNAP_FADE_IN_MS } from '@pixel-wall/shared/core';
import type { CanvasView } from '../../canvas/index.ts';

export type SnapPhase = 'animating' | 'fading' | 'done';

export interface SnapShow {
  event: WallEvent;
  /** the wall as it was just before the snap, RGBA 1024² (what the animation dissolves) */
  before: Uint8ClampedArray;
  startedAt: number;
  /** false: animations off or reduced motion — repaint only, no animation, no fade */
  animated: boolean;
  phase: SnapPhase;
  popup: boolean;
}

let current: SnapShow | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const fn of listeners) fn();
}

export const snapStore = {
  get: (): SnapShow | null => current,
  subscribe(fn: () => void): () => void {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
  start(event: WallEvent, before: Uint8ClampedArray, animated: boolean, now: number): void {
    current = {
      event,
      before,
      startedAt: now,
      animated,
      phase: animated ? 'animating' : 'done',
      popup: !animated,
    };
    emit();
  },
  /** Moves the show on to the phase `elapsed` ms after it started. */
  advance(elapsed: number): void {
    if (!current) return;
    const phase = snapPhaseAt(current.animated, elapsed);
    if (phase === current.phase) return;
    const ended = current.phase === 'animating' && phase !== 'animating';
    current = { ...current, phase, popup: current.popup || ended };
    emit();
  },
  closePopup(): void {
    if (!current) return;
    current = { ...current, popup: false };
    emit();
  },
  reset(): void {
    current = null;
    emit();
  },
};

export function snapPhaseAt(animated: boolean, elapsed: number): SnapPhase {
  if (!animated) return 'done';
  if (elapsed < SNAP_ANIMATION_MS) return 'animating';
  if (elapsed < SNAP_ANIMATION_MS + SNAP_FADE_IN_MS) return 'fading';
  return 'done';
}

/**
 * The animation's course at `elapsed` ms: the overlay fades in while the camera fits (0.6 s),
 * snapped pixels crumble to dust (0.6 s to 6.2 s), the overlay fades out (6.2 s to 7.2 s).
 */
export function snapTimeline(elapsed: number): { overlay: number; dissolve: number } {
  const t = Math.max(0, Math.min(SNAP_ANIMATION_MS, elapsed));
  const overlay = t < 600 ? t / 600 : t > 6_200 ? Math.max(0, (SNAP_ANIMATION_MS - t) / 1_000) : 1;
  const dissolve = Math.max(0, Math.min(1, (t - 600) / 5_600));
  return { overlay, dissolve };
}

/** The canvas opacity while it fades in (SPEC: over 6 s after the animation). */
export function wallOpacityAt(animated: boolean, elapsed: number): number {
  if (!animated) return 1;
  if (elapsed < SNAP_ANIMATION_MS) return 0;
  return Math.min(1, (elapsed - SNAP_ANIMATION_MS) / SNAP_FADE_IN_MS);
}

/** Where the Wall registers its view, so a snap can fit the camera from anywhere. */
let wallView: { view: CanvasView; canvas: HTMLCanvasElement } | null = null;
const viewListeners = new Set<() => void>();
export const wallViewRegistry = {
  set(next: { view: CanvasView; canvas: HTMLCanvasElement } | null): void {
    wallView = next;
    for (const fn of viewListeners) fn();
  },
  get: () => wallView,
  subscribe(fn: () => void): () => void {
    viewListeners.add(fn);
    return () => viewListeners.delete(fn);
  },
};

/** Animations on in the settings and no reduced-motion preference. */
export function motionAllowed(animationsSetting: boolean): boolean {
  if (!animationsSetting) return false;
  return !(
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}
