import { useEffect, useRef } from 'react';
import { createChannelKeysWatcher, isCopyInitDataChord, isTypingTarget } from './hiddenKeys.ts';

export interface HiddenKeyHandlers {
  /** Ctrl+Alt+C */
  onCopyInitData(): void;
  /** x, y and q together; null while the feature is off (no channel configured). */
  onChannelKeys: (() => void) | null;
}

/** One window keydown listener for the hidden features; ignores typing in fields. */
export function useHiddenKeys(handlers: HiddenKeyHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const channelKeys = createChannelKeysWatcher();
    const onKey = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target)) return;
      if (isCopyInitDataChord(event)) {
        event.preventDefault();
        latest.current.onCopyInitData();
        return;
      }
      const onChannel = latest.current.onChannelKeys;
      if (onChannel && !event.repeat && channelKeys(event, performance.now())) onChannel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
