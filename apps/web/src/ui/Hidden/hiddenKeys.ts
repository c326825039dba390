/** The hidden keyboard features of SPEC §2, as pure matchers the layout's key listener runs. */

/** The three keys that together swap the app for the channel page. */
export const CHANNEL_KEYS = ['x', 'y', 'q'] as const;
/** All three must be pressed within this window (held together or typed quickly). */
export const CHANNEL_KEYS_WINDOW_MS = 1500;

export interface KeyLike {
  key: string;
  code?: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  shiftKey?: boolean;
  repeat?: boolean;
}

/** Ctrl+Alt+C (by physical key, so it works whatever the layout prints on it). */
export function isCopyInitDataChord(event: KeyLike): boolean {
  const c = event.code === 'KeyC' || event.key.toLowerCase() === 'c';
  return c && event.ctrlKey && event.altKey && !event.metaKey;
}

/** Typing in a field never triggers a hidden feature. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Watches plain key presses for x, y and q all pressed within `windowMs` of each other, in any
 * order. Returns a function to feed each keydown; it answers true once the trio is complete.
 */
export function createChannelKeysWatcher(
  windowMs = CHANNEL_KEYS_WINDOW_MS,
): (event: KeyLike, now: number) => boolean {
  const lastPress = new Map<string, number>();
  return (event, now) => {
    if (event.ctrlKey || event.altKey || event.metaKey) return false;
    const key = event.key.toLowerCase();
    if (!(CHANNEL_KEYS as readonly string[]).includes(key)) {
      lastPress.clear();
      return false;
    }
    lastPress.set(key, now);
    const complete = CHANNEL_KEYS.every((k) => {
      const at = lastPress.get(k);
      return at !== undefined && now - at <= windowMs;
    });
    if (complete) lastPress.clear();
    return complete;
  };
}
