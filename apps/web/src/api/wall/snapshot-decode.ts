/**
 * The webp snapshot → palette indices. Decoding a 1024² image and mapping 1 Mi pixels back to the
 * palette takes tens of milliseconds on a phone, so the browser does it in a worker
 * (snapshot.worker.ts) with an OffscreenCanvas; where either is missing (older WebViews) or the
 * worker fails, the same code runs here on the main thread.
 */
import { indicesFromRgba } from '../../canvas/palette-indices.ts';

/** Decodes with whichever 2D canvas the current thread has: OffscreenCanvas, else a DOM canvas. */
export async function decodeSnapshotImage(blob: Blob): Promise<Uint8Array> {
  const bitmap = await createImageBitmap(blob, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
  try {
    const { width, height } = bitmap;
    const canvas =
      typeof OffscreenCanvas === 'function'
        ? new OffscreenCanvas(width, height)
        : Object.assign(document.createElement('canvas'), { width, height });
    const ctx = canvas.getContext('2d', { willReadFrequently: true }) as
      | OffscreenCanvasRenderingContext2D
      | CanvasRenderingContext2D
      | null;
    if (!ctx) throw new Error('no 2D canvas context');
    ctx.drawImage(bitmap, 0, 0);
    return indicesFromRgba(ctx.getImageData(0, 0, width, height).data);
  } finally {
    bitmap.close();
  }
}

export type DecodeReply = { ok: true; indices: Uint8Array } | { ok: false; message: string };

function workerAvailable(): boolean {
  return typeof Worker === 'function' && typeof OffscreenCanvas === 'function';
}

function decodeInWorker(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./snapshot.worker.ts', import.meta.url), { type: 'module' });
    const done = () => worker.terminate();
    worker.onmessage = (ev: MessageEvent<DecodeReply>) => {
      done();
      if (ev.data.ok) resolve(ev.data.indices);
      else reject(new Error(ev.data.message));
    };
    worker.onerror = (ev) => {
      done();
      reject(new Error(ev.message || 'snapshot worker failed'));
    };
    worker.postMessage(blob);
  });
}

/** Off the main thread when the browser can; on it otherwise. */
export async function decodeSnapshot(blob: Blob): Promise<Uint8Array> {
  if (workerAvailable()) {
    try {
      return await decodeInWorker(blob);
    } catch {
      // A WebView that cannot start module workers or draw in one: decode here instead.
    }
  }
  return decodeSnapshotImage(blob);
}
