import { deflateRawSync } from 'node:zlib';
import { CANVAS_PIXELS, pixelIdOf } from '@pixel-wall/shared/core';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../api/http.ts';
import { loadOwnedMask, MAP_SIDE, readMask } from './ownedMask.ts';

function maskOf(ids: number[]): Uint8Array {
  const bytes = new Uint8Array(CANVAS_PIXELS);
  for (const id of ids) bytes[id - 1] = 1;
  return bytes;
}

describe('the owned-pixel mask', () => {
  it('counts the pixels and lights the map cell of each', () => {
    const ids = [pixelIdOf(0, 0), pixelIdOf(3, 3), pixelIdOf(512, 512), pixelIdOf(1023, 1023)];
    const { count, cells } = readMask(maskOf(ids));
    expect(count).toBe(4);
    const lit: number[] = [];
    cells.forEach((c, i) => {
      if (c === 1) lit.push(i);
    });
    // (0,0) and (3,3) share the first 4×4 cell.
    expect(lit).toEqual([0, 128 * MAP_SIDE + 128, MAP_SIDE * MAP_SIDE - 1]);
  });

  it('refuses a body of the wrong size', () => {
    expect(() => readMask(new Uint8Array(10))).toThrow(/10 bytes/);
  });

  it('asks /image/mask, or /image/mask/{price} for one tier, and inflates the answer', async () => {
    const body = deflateRawSync(maskOf([pixelIdOf(10, 20), pixelIdOf(600, 600)]));
    const requestRaw = vi.fn(async () => new Response(body));
    const http = { requestRaw } as unknown as HttpClient;
    const signal = new AbortController().signal;
    expect((await loadOwnedMask(http, null, signal)).count).toBe(2);
    expect(requestRaw).toHaveBeenLastCalledWith('/image/mask', { signal });
    await loadOwnedMask(http, 8, signal);
    expect(requestRaw).toHaveBeenLastCalledWith('/image/mask/8', { signal });
  });
});
