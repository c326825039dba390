import { afterEach, describe, expect, it } from 'vitest';
import { parseSavedWallView } from '../../store/uiSlice.ts';
import { LAST_PIXEL_KEY, readLastPixel, writeLastPixel } from './lastPixel.ts';

afterEach(() => localStorage.clear());

describe('the last painted pixel', () => {
  it("is kept per player: another player's is not offered", () => {
    writeLastPixel(7, { x: 100, y: 200 });
    expect(readLastPixel(7)).toEqual({ x: 100, y: 200 });
    expect(readLastPixel(8)).toBeNull();
  });

  it('reads nothing from a missing, broken or out-of-canvas entry', () => {
    expect(readLastPixel(7)).toBeNull();
    for (const raw of [
      'nope',
      '{"userId":7,"x":-1,"y":3}',
      '{"userId":7,"x":1024,"y":3}',
      '{"userId":7,"x":1.5,"y":3}',
      'null',
    ]) {
      localStorage.setItem(LAST_PIXEL_KEY, raw);
      expect(readLastPixel(7), raw).toBeNull();
    }
  });
});

describe('the Wall view kept for the session', () => {
  it('reads back a camera and a selection', () => {
    const view = { camera: { x: 512.5, y: 300, scale: 24 }, selected: { x: 512, y: 300 } };
    expect(parseSavedWallView(JSON.stringify(view))).toEqual(view);
    expect(parseSavedWallView(JSON.stringify({ camera: null, selected: { x: 1, y: 2 } }))).toEqual({
      camera: null,
      selected: { x: 1, y: 2 },
    });
  });

  it('drops what is not a view, so a bad entry never moves the camera', () => {
    for (const raw of [null, '', 'x', '[]', '{}', '{"camera":{"x":"a","y":1,"scale":2},"selected":null}']) {
      expect(parseSavedWallView(raw), String(raw)).toBeNull();
    }
    expect(
      parseSavedWallView(JSON.stringify({ camera: { x: 1, y: 1, scale: -3 }, selected: { x: 5, y: 5 } })),
    ).toEqual({ camera: null, selected: { x: 5, y: 5 } });
  });
});
