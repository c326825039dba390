/** A template file (the server's palette PNG) → palette indices, in the browser. */
import { templateIndicesFromRgba } from '../../canvas/index.ts';

export async function loadTemplatePixels(
  url: string,
  signal?: AbortSignal,
): Promise<{ width: number; height: number; indices: Uint8Array }> {
  const response = await fetch(url, signal ? { signal } : {});
  if (!response.ok) throw new Error(`template image: HTTP ${response.status}`);
  const bitmap = await createImageBitmap(await response.blob());
  try {
    const { width, height } = bitmap;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('no 2D context');
    ctx.drawImage(bitmap, 0, 0);
    const data = ctx.getImageData(0, 0, width, height).data;
    return { width, height, indices: templateIndicesFromRgba(data, width * height) };
  } finally {
    bitmap.close();
  }
}
