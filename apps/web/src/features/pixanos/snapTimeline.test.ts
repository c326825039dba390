import { describe, expect, it } from 'vitest';
import { snapPhaseAt, snapStore, snapTimeline, wallOpacityAt } from './snapState.ts';

describe('snap timeline', () => {
  it('plays 7.2 s, then the canvas fades in over 6 s', () => {
    expect(snapPhaseAt(true, 0)).toBe('animating');
    expect(snapPhaseAt(true, 7_199)).toBe('animating');
    expect(snapPhaseAt(true, 7_200)).toBe('fading');
    expect(snapPhaseAt(true, 13_199)).toBe('fading');
    expect(snapPhaseAt(true, 13_200)).toBe('done');
    expect(snapPhaseAt(false, 0)).toBe('done');
    expect(wallOpacityAt(true, 1_000)).toBe(0);
    expect(wallOpacityAt(true, 10_200)).toBeCloseTo(0.5);
    expect(wallOpacityAt(true, 20_000)).toBe(1);
    expect(wallOpacityAt(false, 0)).toBe(1);
  });

  it('fades the overlay in, dissolves, fades it out', () => {
    expect(snapTimeline(0)).toEqual({ overlay: 0, dissolve: 0 });
    expect(snapTimeline(300).overlay).toBeCloseTo(0.5);
    expect(snapTimeline(3_400)).toEqual({ overlay: 1, dissolve: 0.5 });
    expect(snapTimeline(6_700).overlay).toBeCloseTo(0.5);
    expect(snapTimeline(7_200)).toEqual({ overlay: 0, dissolve: 1 });
  });

  it('opens the popup once the animation is over, or at once without it', () => {
    const event = {
      kind: 'snap' as const,
      user: { id: 1, firstName: 'T', userPic: null },
      pixelId: 1,
      seed: 1,
      percentage: 50,
      color: '#FF4500',
      seq: 2,
    };
    snapStore.start(event, new Uint8ClampedArray(4), true, 0);
    expect(snapStore.get()).toMatchObject({ phase: 'animating', popup: false });
    snapStore.advance(8_000);
    expect(snapStore.get()).toMatchObject({ phase: 'fading', popup: true });
    snapStore.closePopup();
    snapStore.advance(20_000);
    expect(snapStore.get()).toMatchObject({ phase: 'done', popup: false });
    snapStore.start(event, new Uint8ClampedArray(4), false, 0);
    expect(snapStore.get()).toMatchObject({ phase: 'done', popup: true });
    snapStore.reset();
    expect(snapStore.get()).toBeNull();
  });
});
