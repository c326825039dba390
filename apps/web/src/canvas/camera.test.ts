import { describe, expect, it } from 'vitest';
import {
  type Camera,
  canvasPoint,
  canvasToScreen,
  centreOn,
  clampCamera,
  deviceTransform,
  fitCamera,
  panBy,
  pixelAt,
  screenPoint,
  screenToCanvas,
  type Viewport,
  zoomAt,
} from './camera.ts';
import { MAX_SCALE, MIN_SCALE } from './constants.ts';

const cameras: Camera[] = [
  { x: 512, y: 512, scale: 1 },
  { x: 100.25, y: 900.5, scale: 7.3 },
  { x: 0, y: 1024, scale: 60 },
  { x: 700, y: 13, scale: 0.3 },
];

describe('screen ↔ canvas', () => {
  for (const dpr of [1, 2, 3]) {
    const vp: Viewport = { width: 390, height: 844, dpr };
    for (const cam of cameras) {
      it(`round-trips at dpr ${dpr}, camera ${cam.x},${cam.y}×${cam.scale}`, () => {
        for (const [x, y] of [
          [0, 0],
          [195, 422],
          [389.5, 843.25],
          [-40, 1000],
        ] as const) {
          const c = screenToCanvas(cam, vp, screenPoint(x, y));
          const back = canvasToScreen(cam, vp, c);
          expect(back.x).toBeCloseTo(x, 9);
          expect(back.y).toBeCloseTo(y, 9);
          // The renderer's device transform agrees with the screen mapping times dpr.
          const tf = deviceTransform(cam, vp);
          expect(c.x * tf.scale + tf.tx).toBeCloseTo(x * dpr, 6);
          expect(c.y * tf.scale + tf.ty).toBeCloseTo(y * dpr, 6);
        }
      });
    }
  }

  it('puts the camera point at the viewport centre', () => {
    const vp: Viewport = { width: 400, height: 300, dpr: 2 };
    const cam = { x: 10, y: 20, scale: 4 };
    expect(canvasToScreen(cam, vp, canvasPoint(10, 20))).toEqual({ x: 200, y: 150 });
    expect(screenToCanvas(cam, vp, screenPoint(204, 158))).toEqual({ x: 11, y: 22 });
  });

  it('round-trips after a pan', () => {
    const vp: Viewport = { width: 300, height: 300, dpr: 1 };
    const cam = { x: 512, y: 512, scale: 3 };
    const before = screenToCanvas(cam, vp, screenPoint(100, 100));
    const moved = panBy(cam, 30, -12);
    // The content follows the drag: the same canvas point is now 30 px right, 12 px up.
    const after = canvasToScreen(moved, vp, before);
    expect(after.x).toBeCloseTo(130, 9);
    expect(after.y).toBeCloseTo(88, 9);
  });
});

describe('pixelAt', () => {
  const vp: Viewport = { width: 200, height: 200, dpr: 1 };

  it('floors to the pixel under the point', () => {
    const cam = { x: 10, y: 10, scale: 10 };
    expect(pixelAt(cam, vp, screenPoint(100, 100))).toEqual({ x: 10, y: 10 });
    expect(pixelAt(cam, vp, screenPoint(99.9, 109.9))).toEqual({ x: 9, y: 10 });
  });

  it('is null off the canvas', () => {
    const cam = { x: 0, y: 0, scale: 10 };
    expect(pixelAt(cam, vp, screenPoint(99, 100))).toBeNull();
    expect(pixelAt(cam, vp, screenPoint(100, 99))).toBeNull();
    expect(pixelAt(cam, vp, screenPoint(100, 100))).toEqual({ x: 0, y: 0 });
    expect(pixelAt({ x: 1024, y: 1024, scale: 10 }, vp, screenPoint(100, 100))).toBeNull();
    expect(pixelAt({ x: 1024, y: 1024, scale: 10 }, vp, screenPoint(99, 99))).toEqual({ x: 1023, y: 1023 });
  });
});

describe('zoomAt', () => {
  const vp: Viewport = { width: 390, height: 844, dpr: 3 };

  it('keeps the anchor point fixed on screen', () => {
    for (const cam of cameras) {
      for (const factor of [1.8, 1 / 1.8, 1.05, 0.5]) {
        const anchor = screenPoint(50, 700);
        const before = screenToCanvas(cam, vp, anchor);
        const next = zoomAt(cam, vp, anchor, factor);
        const after = screenToCanvas(next, vp, anchor);
        expect(after.x).toBeCloseTo(before.x, 9);
        expect(after.y).toBeCloseTo(before.y, 9);
      }
    }
  });

  it('clamps the scale and still keeps the anchor', () => {
    const cam = { x: 300, y: 300, scale: 50 };
    const anchor = screenPoint(10, 10);
    const before = screenToCanvas(cam, vp, anchor);
    const next = zoomAt(cam, vp, anchor, 10);
    expect(next.scale).toBe(MAX_SCALE);
    const after = screenToCanvas(next, vp, anchor);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(zoomAt({ x: 1, y: 1, scale: 0.5 }, vp, anchor, 0.01).scale).toBe(MIN_SCALE);
  });

  it('can update a camera in place', () => {
    const cam = { x: 200, y: 200, scale: 2 };
    const same = zoomAt(cam, vp, screenPoint(0, 0), 2, cam);
    expect(same).toBe(cam);
    expect(cam.scale).toBe(4);
    expect(cam.x).toBeCloseTo(200 - 195 / 2 + 195 / 4, 9);
  });
});

describe('fit, clamp, centre', () => {
  it('fitCamera shows the whole canvas, centred', () => {
    expect(fitCamera({ width: 390, height: 844, dpr: 3 })).toEqual({ x: 512, y: 512, scale: 390 / 1024 });
    expect(fitCamera({ width: 2048, height: 1536, dpr: 1 })).toEqual({ x: 512, y: 512, scale: 1.5 });
    // Never below the minimum, even before layout.
    expect(fitCamera({ width: 0, height: 0, dpr: 1 }).scale).toBe(MIN_SCALE);
  });

  it('clampCamera keeps the centre on the canvas and the scale in limits', () => {
    expect(clampCamera({ x: -5, y: 2000, scale: 100 })).toEqual({ x: 0, y: 1024, scale: MAX_SCALE });
    expect(clampCamera({ x: 1500, y: -1, scale: 0.01 })).toEqual({ x: 1024, y: 0, scale: MIN_SCALE });
    expect(clampCamera({ x: 3, y: 4, scale: 5 })).toEqual({ x: 3, y: 4, scale: 5 });
  });

  it('centreOn aims at the middle of the pixel', () => {
    const cam = { x: 0, y: 0, scale: 4 };
    expect(centreOn(cam, 10, 20)).toEqual({ x: 10.5, y: 20.5, scale: 4 });
    expect(centreOn(cam, 10, 20, 60)).toEqual({ x: 10.5, y: 20.5, scale: 60 });
    expect(centreOn(cam, 1023, 0, 1000)).toEqual({ x: 1023.5, y: 0.5, scale: MAX_SCALE });
  });

  it('centreOn puts the pixel in the middle of what the chrome leaves uncovered', () => {
    const vp: Viewport = { width: 390, height: 844, dpr: 2 };
    const insets = { top: 80, bottom: 300 };
    for (const scale of [4, 24, 1000]) {
      const cam = centreOn({ x: 0, y: 0, scale: 1 }, 200, 300, scale, insets);
      const middle = canvasToScreen(cam, vp, canvasPoint(200.5, 300.5));
      expect(middle.x).toBeCloseTo(vp.width / 2, 9);
      expect(middle.y).toBeCloseTo((insets.top + vp.height - insets.bottom) / 2, 9);
    }
    // Equal insets leave the middle where it was.
    expect(centreOn({ x: 0, y: 0, scale: 4 }, 10, 20, 4, { top: 50, bottom: 50 })).toEqual({
      x: 10.5,
      y: 20.5,
      scale: 4,
    });
  });
});
