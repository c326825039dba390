/**
 * The input state machine, free of the DOM: the view feeds it normalized pointer and wheel events
 * in screen space (CSS px relative to the canvas element) and it reports gestures.
 *
 *   idle ──down──▶ pointing ──move > threshold──▶ panning ──up──▶ idle
 *                     │ up: tap (or double tap)      │ 2nd down
 *                     └──2nd down──▶ pinching ◀──────┘
 *                                    │ one pointer up ──▶ panning (the other one goes on)
 *   cancel of a tracked pointer, from any state ──▶ idle
 *
 * Taps: a pointer that never moved past the drag threshold is a tap; a drag never taps.
 * Double taps (SPEC §4): the first tap is delivered at once as onTap (so it still selects, with no
 * 200 ms wait); a second tap pressed within DOUBLE_TAP_MS of the first one's release, and near it,
 * is delivered as onDoubleTap instead of onTap. A third tap starts over.
 */
import type { ScreenPoint } from './camera.ts';
import { DOUBLE_TAP_MS, DOUBLE_TAP_SLOP, DRAG_THRESHOLD } from './constants.ts';

export type GestureState = 'idle' | 'pointing' | 'panning' | 'pinching';

export interface PointerInput {
  type: 'down' | 'move' | 'up' | 'cancel';
  id: number;
  x: number;
  y: number;
  /** Milliseconds, any monotonic origin (Event.timeStamp). */
  t: number;
}

export interface WheelInput {
  type: 'wheel';
  x: number;
  y: number;
  /** In CSS px (the view converts line and page deltas). Positive zooms out. */
  deltaY: number;
  /** Set by trackpad pinches in Chromium and Firefox: their deltas are small, so they zoom faster. */
  ctrlKey: boolean;
  t: number;
}

export type GestureInput = PointerInput | WheelInput;

/**
 * Points given to onPinch and onWheelZoom are reused between calls (no allocation per move):
 * copy them to keep them. Tap points are fresh.
 */
export interface GestureCallbacks {
  onTap?(p: ScreenPoint): void;
  onDoubleTap?(p: ScreenPoint): void;
  onPan?(dx: number, dy: number): void;
  onPinch?(centre: ScreenPoint, factor: number): void;
  onWheelZoom?(p: ScreenPoint, factor: number): void;
}

export interface GestureOptions {
  dragThreshold?: number;
  doubleTapMs?: number;
  doubleTapSlop?: number;
  /** When false every tap is an onTap (fast modes paint on each tap). Default true. */
  doubleTap?: boolean;
}

export interface GestureMachine {
  /** Feeds one event. The machine copies what it needs: the caller may reuse the object. */
  handle(input: GestureInput): void;
  readonly state: GestureState;
  setDoubleTap(enabled: boolean): void;
  /** Forgets every pointer and the pending first tap. */
  reset(): void;
}

const WHEEL_SPEED = 0.002;
const WHEEL_PINCH_SPEED = 0.01;
const MAX_WHEEL_FACTOR = 2;

interface Tracked {
  id: number;
  x: number;
  y: number;
}

export function createGestureMachine(
  callbacks: GestureCallbacks,
  options: GestureOptions = {},
): GestureMachine {
  const threshold2 = (options.dragThreshold ?? DRAG_THRESHOLD) ** 2;
  const doubleTapMs = options.doubleTapMs ?? DOUBLE_TAP_MS;
  const slop2 = (options.doubleTapSlop ?? DOUBLE_TAP_SLOP) ** 2;
  let doubleTap = options.doubleTap ?? true;

  let state: GestureState = 'idle';
  // First pointer (pointing, panning, pinching) and second pointer (pinching).
  const a: Tracked = { id: -1, x: 0, y: 0 };
  const b: Tracked = { id: -1, x: 0, y: 0 };
  // Where and when the pointing pointer went down.
  let downX = 0;
  let downY = 0;
  let downT = 0;
  // The last single tap, a candidate first half of a double tap.
  let tapPending = false;
  let tapX = 0;
  let tapY = 0;
  let tapUpT = 0;
  // Pinch centre and finger distance at the previous pinch event.
  let pinchX = 0;
  let pinchY = 0;
  let pinchDist = 0;
  const centre = { x: 0, y: 0 };
  const wheelPoint = { x: 0, y: 0 };

  function track(t: Tracked, id: number, x: number, y: number): void {
    t.id = id;
    t.x = x;
    t.y = y;
  }

  function press(id: number, x: number, y: number, t: number): void {
    track(a, id, x, y);
    downX = x;
    downY = y;
    downT = t;
    state = 'pointing';
  }

  function startPinch(id: number, x: number, y: number): void {
    track(b, id, x, y);
    state = 'pinching';
    pinchX = (a.x + b.x) / 2;
    pinchY = (a.y + b.y) / 2;
    pinchDist = Math.hypot(b.x - a.x, b.y - a.y);
  }

  function movePinch(): void {
    const cx = (a.x + b.x) / 2;
    const cy = (a.y + b.y) / 2;
    const dist = Math.hypot(b.x - a.x, b.y - a.y);
    // Pan with the centre first, then zoom about its new place: the content stays under the fingers.
    if (cx !== pinchX || cy !== pinchY) callbacks.onPan?.(cx - pinchX, cy - pinchY);
    if (pinchDist > 0 && dist > 0 && dist !== pinchDist) {
      centre.x = cx;
      centre.y = cy;
      callbacks.onPinch?.(centre as ScreenPoint, dist / pinchDist);
    }
    pinchX = cx;
    pinchY = cy;
    if (dist > 0) pinchDist = dist;
  }

  function tap(t: number): void {
    const dx = downX - tapX;
    const dy = downY - tapY;
    const p = { x: downX, y: downY } as ScreenPoint;
    if (doubleTap && tapPending && downT - tapUpT <= doubleTapMs && dx * dx + dy * dy <= slop2) {
      tapPending = false;
      callbacks.onDoubleTap?.(p);
      return;
    }
    tapPending = true;
    tapX = downX;
    tapY = downY;
    tapUpT = t;
    callbacks.onTap?.(p);
  }

  function wheel(input: WheelInput): void {
    const speed = input.ctrlKey ? WHEEL_PINCH_SPEED : WHEEL_SPEED;
    let factor = Math.exp(-input.deltaY * speed);
    if (factor > MAX_WHEEL_FACTOR) factor = MAX_WHEEL_FACTOR;
    else if (factor < 1 / MAX_WHEEL_FACTOR) factor = 1 / MAX_WHEEL_FACTOR;
    if (factor === 1) return;
    wheelPoint.x = input.x;
    wheelPoint.y = input.y;
    callbacks.onWheelZoom?.(wheelPoint as ScreenPoint, factor);
  }

  function handle(input: GestureInput): void {
    if (input.type === 'wheel') {
      wheel(input);
      return;
    }
    const { id, x, y } = input;
    switch (state) {
      case 'idle':
        if (input.type === 'down') press(id, x, y, input.t);
        return;
      case 'pointing':
        if (input.type === 'down') {
          // The same pointer again means its release was lost: a fresh press.
          if (id === a.id) press(id, x, y, input.t);
          else startPinch(id, x, y);
          return;
        }
        if (id !== a.id) return;
        if (input.type === 'move') {
          a.x = x;
          a.y = y;
          const dx = x - downX;
          const dy = y - downY;
          if (dx * dx + dy * dy > threshold2) {
            state = 'panning';
            tapPending = false;
            // The whole way from the press, so the content catches up with the finger.
            callbacks.onPan?.(dx, dy);
          }
        } else if (input.type === 'up') {
          state = 'idle';
          tap(input.t);
        } else {
          reset();
        }
        return;
      case 'panning':
        if (input.type === 'down') {
          if (id === a.id) press(id, x, y, input.t);
          else startPinch(id, x, y);
          return;
        }
        if (id !== a.id) return;
        if (input.type === 'move') {
          const dx = x - a.x;
          const dy = y - a.y;
          a.x = x;
          a.y = y;
          if (dx !== 0 || dy !== 0) callbacks.onPan?.(dx, dy);
        } else {
          reset();
        }
        return;
      case 'pinching': {
        if (input.type === 'down') return;
        const which = id === a.id ? a : id === b.id ? b : null;
        if (which === null) return;
        if (input.type === 'move') {
          if (which.x === x && which.y === y) return;
          which.x = x;
          which.y = y;
          movePinch();
        } else if (input.type === 'up') {
          // The finger left on the glass keeps panning, from where it is now.
          if (which === a) track(a, b.id, b.x, b.y);
          b.id = -1;
          state = 'panning';
        } else {
          reset();
        }
        return;
      }
    }
  }

  function reset(): void {
    state = 'idle';
    a.id = -1;
    b.id = -1;
    tapPending = false;
  }

  return {
    handle,
    get state() {
      return state;
    },
    setDoubleTap(enabled) {
      doubleTap = enabled;
      if (!enabled) tapPending = false;
    },
    reset,
  };
}
