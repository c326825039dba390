import { PALETTE, PALETTE_RGB, TEMPLATE_TRANSPARENT } from '@pixel-wall/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import {
  headerSize,
  inspectTemplateImage,
  readTemplateImage,
  sharpOptionsFor,
  sniffFormat,
  toPalette,
} from './image.ts';
import { encodeIndexedPng } from './png.ts';
import { pngBomb, rgbaImage } from './testing.ts';

const LIMITS = { maxSide: 64, maxBytes: 64 * 1024 };

function rgbOf(index: number): [number, number, number, number] {
  return [PALETTE_RGB[index * 3]!, PALETTE_RGB[index * 3 + 1]!, PALETTE_RGB[index * 3 + 2]!, 255];
}

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('template images', () => {
  it('recognise PNG and WebP by signature and read their size from the header', async () => {
    const png = await rgbaImage(20, 10, () => [1, 2, 3, 255]);
    const lossless = await rgbaImage(33, 7, () => [1, 2, 3, 128], 'webp');
    const lossy = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#00ff00' } })
      .webp()
      .toBuffer();
    const extended = await sharp({ create: { width: 17, height: 9, channels: 4, background: '#00ff0080' } })
      .webp({ lossless: false, alphaQuality: 50 })
      .toBuffer();
    expect(sniffFormat(png)).toBe('png');
    expect(sniffFormat(lossless)).toBe('webp');
    expect(sniffFormat(Buffer.from('GIF89a....'))).toBeNull();
    expect(headerSize(png, 'png')).toEqual({ width: 20, height: 10 });
    expect(headerSize(lossless, 'webp')).toEqual({ width: 33, height: 7 });
    expect(headerSize(lossy, 'webp')).toEqual({ width: 40, height: 30 });
    expect(headerSize(extended, 'webp')).toEqual({ width: 17, height: 9 });
  });

  it('map every pixel to the nearest palette colour, and low alpha to transparent', async () => {
    const red = PALETTE.indexOf('#BE0039');
    const png = await rgbaImage(4, 2, (x, y) =>
      y === 1 ? [0, 0, 0, x < 2 ? 10 : 127] : x === 0 ? [0xbf, 0x01, 0x3a, 255] : rgbOf(x * 5),
    );
    const image = await readTemplateImage(png, LIMITS);
    expect([image.width, image.height, image.opaque]).toEqual([4, 2, 4]);
    expect([...image.indices]).toEqual([red, 5, 10, 15, ...Array(4).fill(TEMPLATE_TRANSPARENT)]);
    // The stored PNG decodes to exactly the palette colours, transparent where transparent.
    const back = await sharp(image.png).ensureAlpha().raw().toBuffer();
    expect([...back.subarray(0, 4)]).toEqual(rgbOf(red));
    expect([...back.subarray(4, 8)]).toEqual(rgbOf(5));
    expect(back[4 * 4 + 3]).toBe(0);
  });

  it('reads WebP uploads too', async () => {
    const webp = await rgbaImage(8, 8, (x) => rgbOf(x), 'webp');
    const image = await readTemplateImage(webp, LIMITS);
    expect(image.indices.subarray(0, 8)).toEqual(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7]));
  });

  it('write an indexed PNG of 31 entries that any decoder reads back', async () => {
    const indices = new Uint8Array(30 * 2);
    for (let i = 0; i < 30; i++) indices[i] = i;
    indices.fill(TEMPLATE_TRANSPARENT, 30);
    const png = encodeIndexedPng(30, 2, indices);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 30, height: 2, paletteBitDepth: 8 });
    const rgba = await sharp(png).ensureAlpha().raw().toBuffer();
    expect(toPalette(rgba, 60).indices).toEqual(indices);
  });

  it('refuse what is not an image, empty, too many bytes, truncated or fully transparent', async () => {
    expect((await refusal(readTemplateImage(Buffer.alloc(0), LIMITS))).status).toBe(400);
    const text = await refusal(readTemplateImage(Buffer.from('{"hello":"world"}'), LIMITS));
    expect([text.status, text.code, text.message]).toEqual([
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'That is not a PNG or WebP image.',
    ]);
    const big = await refusal(readTemplateImage(Buffer.alloc(LIMITS.maxBytes + 1, 1), LIMITS));
    expect([big.status, big.details?.reason]).toEqual([413, 'file-too-large']);

    const png = await rgbaImage(32, 32, (x, y) => [x * 8, y * 8, 0, 255]);
    const cut = await refusal(readTemplateImage(png.subarray(0, png.length - 40), LIMITS));
    expect([cut.status, cut.details?.reason]).toEqual([400, 'corrupt']);
    expect(cut.message).toMatch(/truncated or damaged/);
    const headerOnly = await refusal(readTemplateImage(png.subarray(0, 20), LIMITS));
    expect(headerOnly.status).toBe(400);

    const clear = await refusal(readTemplateImage(await rgbaImage(4, 4, () => [0, 0, 0, 0]), LIMITS));
    expect([clear.status, clear.details?.reason]).toEqual([400, 'transparent']);
  });

  it('refuse pictures larger than the level allows from the header, before decoding', async () => {
    const wide = await rgbaImage(65, 10, () => [0, 0, 0, 255]);
    const err = await refusal(readTemplateImage(wide, LIMITS));
    expect([err.status, err.details]).toEqual([
      413,
      { reason: 'too-many-pixels', maxSize: 64, width: 65, height: 10 },
    ]);
    expect(err.message).toBe('The image is 65×10 px; at your level a template may be at most 64×64 px.');
  });

  it('refuse a decompression bomb with a clear error, in bounded time and memory', async () => {
    const bomb = pngBomb(30_000, 30_000);
    expect(bomb.length).toBeLessThan(200);
    expect(() => inspectTemplateImage(bomb, { maxSide: 1024, maxBytes: 1 << 22 })).toThrow(
      'The image is 30000×30000 px; at your level a template may be at most 1024×1024 px.',
    );
    // sharp itself refuses it too (the second guard), from the same pixel limit.
    expect(sharpOptionsFor(1024)).toMatchObject({ limitInputPixels: 1024 * 1024, animated: false });
    await expect(sharp(bomb, sharpOptionsFor(1024)).raw().toBuffer()).rejects.toThrow(/pixel limit/);

    const before = process.memoryUsage();
    const started = performance.now();
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => readTemplateImage(bomb, { maxSide: 1024, maxBytes: 1 << 22 })),
    );
    expect(results.every((r) => r.status === 'rejected' && (r.reason as AppError).status === 413)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
    const after = process.memoryUsage();
    // Decoding one bomb would take 3.6 GB; fifty refusals take next to nothing.
    expect(after.rss - before.rss).toBeLessThan(64 * 1024 * 1024);
    expect(after.heapUsed - before.heapUsed).toBeLessThan(32 * 1024 * 1024);
  });

  it('decodes a few at a time: a burst of uploads queues, and a flood beyond the queue is refused', async () => {
    const png = await rgbaImage(64, 64, (x, y) => [x * 4, y * 4, 128, 255]);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () => readTemplateImage(png, LIMITS)),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const busy = results.filter(
      (r) => r.status === 'rejected' && (r.reason as AppError).code === 'UNAVAILABLE',
    ).length;
    expect(ok + busy).toBe(40);
    expect(ok).toBeGreaterThanOrEqual(18);
    // Afterwards every slot is free again.
    await expect(readTemplateImage(png, LIMITS)).resolves.toMatchObject({ width: 64 });
  });
});
