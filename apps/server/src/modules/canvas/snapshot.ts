/**
 * The canvas snapshot: encoded at most once per interval and served from memory. Every snapshot
 * carries the sequence number of the last pixel batch it includes; a caller may ask for one that
 * is at least as new as a given sequence (a client that just opened its socket), and concurrent
 * callers share one encode.
 */
import { createHash } from 'node:crypto';
import { CANVAS_HEIGHT, CANVAS_PIXELS, CANVAS_WIDTH, PALETTE_RGB } from '@pixel-wall/shared';
import { loadSharp } from '../../lib/sharp.ts';

export interface Snapshot {
  seq: number;
  body: Buffer;
  etag: string;
  encodedAt: number;
  encodeMs: number;
}

export interface SnapshotSource {
  seq(): number;
  canvas(): Promise<Uint8Array>;
}

// Rows turned into RGB per slice: 128 rows (393 KiB of RGB) take well under a millisecond, and
// the event loop runs between slices, so an encode never holds it for the whole 1 MiB canvas.
const ROWS_PER_SLICE = 128;

/**
 * Lossless webp of the canvas. The palette → RGB loop runs in slices that yield to the event loop;
 * the encoding itself runs on sharp's threads. Effort 1 (quality 1, which for lossless webp is the
 * encoder's speed setting, not a loss of detail) turns on the colour-indexing transform that a
 * 30-colour image needs: a busy canvas (39 % painted with noise) is 28 % smaller than at effort 0
 * (~399 KB against ~540 KB, BENCHMARKS.md) for about the same encode time.
 */
export async function encodeWebp(indices: Uint8Array): Promise<Buffer> {
  const rgb = Buffer.allocUnsafe(CANVAS_PIXELS * 3);
  for (let row = 0; row < CANVAS_HEIGHT; row += ROWS_PER_SLICE) {
    if (row > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const end = Math.min(CANVAS_HEIGHT, row + ROWS_PER_SLICE) * CANVAS_WIDTH;
    for (let i = row * CANVAS_WIDTH, o = i * 3; i < end; i++, o += 3) {
      const c = indices[i]! * 3;
      rgb[o] = PALETTE_RGB[c]!;
      rgb[o + 1] = PALETTE_RGB[c + 1]!;
      rgb[o + 2] = PALETTE_RGB[c + 2]!;
    }
  }
  return loadSharp()(rgb, { raw: { width: CANVAS_WIDTH, height: CANVAS_HEIGHT, channels: 3 } })
    .webp({ lossless: true, effort: 1, quality: 1 })
    .toBuffer();
}

export function createSnapshotCache(opts: {
  source: SnapshotSource;
  encode: (indices: Uint8Array) => Promise<Buffer>;
  maxAgeMs: number;
  onEncoded?: (s: Snapshot) => void;
  now?: () => number;
}) {
  const now = opts.now ?? Date.now;
  let cache: Snapshot | null = null;
  let inflight: Promise<Snapshot> | null = null;

  function usable(s: Snapshot | null, minSeq: number): s is Snapshot {
    if (!s || s.seq < minSeq) return false;
    return s.seq === opts.source.seq() || now() - s.encodedAt < opts.maxAgeMs;
  }

  async function encodeNow(): Promise<Snapshot> {
    const seq = opts.source.seq();
    const started = performance.now();
    const body = await opts.encode(await opts.source.canvas());
    const snap: Snapshot = {
      seq,
      body,
      etag: `"${seq}-${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`,
      encodedAt: now(),
      encodeMs: performance.now() - started,
    };
    cache = snap;
    opts.onEncoded?.(snap);
    return snap;
  }

  return {
    async get(minSeq = 0): Promise<Snapshot> {
      const want = Math.min(minSeq, opts.source.seq());
      for (let attempt = 0; attempt < 3; attempt++) {
        if (usable(cache, want)) return cache;
        if (!inflight) inflight = encodeNow().finally(() => (inflight = null));
        const s = await inflight;
        if (s.seq >= want) return s;
      }
      return inflight ?? encodeNow();
    },
    get current(): Snapshot | null {
      return cache;
    },
    /** Drops the cached image (the wall changed wholesale, e.g. a Pixanos' Snap). */
    invalidate(): void {
      cache = null;
    },
  };
}
