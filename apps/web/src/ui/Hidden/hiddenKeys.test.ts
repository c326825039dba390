import { describe, expect, it } from 'vitest';
import { createChannelKeysWatcher, isCopyInitDataChord, type KeyLike } from './hiddenKeys.ts';

const key = (k: string, mods: Partial<KeyLike> = {}): KeyLike => ({
  key: k,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  ...mods,
});

describe('Ctrl+Alt+C', () => {
  it('matches only with both Ctrl and Alt', () => {
    expect(isCopyInitDataChord(key('c', { ctrlKey: true, altKey: true, code: 'KeyC' }))).toBe(true);
    // Alt changes the printed character on some layouts; the physical key still counts.
    expect(isCopyInitDataChord(key('ç', { ctrlKey: true, altKey: true, code: 'KeyC' }))).toBe(true);
    expect(isCopyInitDataChord(key('c', { ctrlKey: true, code: 'KeyC' }))).toBe(false);
    expect(isCopyInitDataChord(key('c', { altKey: true, code: 'KeyC' }))).toBe(false);
    expect(isCopyInitDataChord(key('v', { ctrlKey: true, altKey: true, code: 'KeyV' }))).toBe(false);
  });
});

describe('x, y and q', () => {
  it('fires once all three arrive within the window, in any order', () => {
    const feed = createChannelKeysWatcher(1000);
    expect(feed(key('q'), 0)).toBe(false);
    expect(feed(key('X'), 100)).toBe(false);
    expect(feed(key('y'), 200)).toBe(true);
    // and starts over afterwards
    expect(feed(key('y'), 300)).toBe(false);
  });

  it('does not fire when the keys are too far apart, or broken by another key or a modifier', () => {
    const slow = createChannelKeysWatcher(1000);
    slow(key('x'), 0);
    slow(key('y'), 500);
    expect(slow(key('q'), 1200)).toBe(false);

    const broken = createChannelKeysWatcher(1000);
    broken(key('x'), 0);
    broken(key('a'), 10);
    broken(key('y'), 20);
    expect(broken(key('q'), 30)).toBe(false);

    const modified = createChannelKeysWatcher(1000);
    modified(key('x'), 0);
    modified(key('y'), 10);
    expect(modified(key('q', { ctrlKey: true }), 20)).toBe(false);
  });
});
