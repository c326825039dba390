/**
 * Reading an uploaded template (PNG or WebP) safely: the one piece both personal and tournament
 * uploads go through.
 *
 * Cheap checks come first and decide most refusals before any decoder runs: the byte count, the
 * file signature, then the dimensions read straight from the header (PNG IHDR, WebP VP8/VP8L/VP8X).
 * A picture larger than the player may upload is refused there, so a decompression bomb (a few
 * bytes declaring 30000×30000 pixels) never reaches libvips. sharp then decodes with
 * `limitInputPixels` set to the same bound as a second guard, and at most DECODE_CONCURRENCY
 * images are decoded at once (a short queue waits, a longer one is refused), so memory stays
 * bounded: one decode holds at most maxSide² × 4 bytes of RGBA.
 *
 * Every pixel is then mapped onto the 30-colour palette (nearest colour; alpha below half is
 * transparent) and stored as palette indices plus an indexed PNG.
 */
import { nearestPaletteIndex, TEMPLATE_TRANSPARENT } from '@pixel-wall/shared';
import type { SharpOptions } from 'sharp';
import { AppError } from '../../errors.ts';
import { loadSharp } from '../../lib/sharp.ts';
import { encodeIndexedPng } from './png.ts';

export const DECODE_CONCURRENCY = 2;
export const DECODE_QUEUE = 16;

export type ImageFormat = 'png' | 'webp';

export interface TemplateImageLimits {
  /** the largest side allowed (the player's level) */
  maxSide: number;
  /** the largest file accepted */
  maxBytes: number;
}

export interface TemplateImage {
  width: number;
  height: number;
  /** one palette index per pixel, row by row; TEMPLATE_TRANSPARENT for transparent */
  indices: Uint8Array;
  /** non-transparent pixels */
  opaque: number;
  /** the indexed PNG served to clients */
  png: Buffer;
}

/** The options every decode runs with (tests assert on them). */
export function sharpOptionsFor(maxSide: number): SharpOptions {
  return {
    limitInputPixels: maxSide * maxSide,
    failOn: 'warning',
    sequentialRead: true,
    animated: false,
    pages: 1,
  };
}

function refuse(
  code: 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'BAD_REQUEST',
  reason: string,
  message: string,
  details: Record<string, unknown> = {},
): never {
  throw new AppError(code, message, { reason, ...details });
}

export function sniffFormat(bytes: Uint8Array): ImageFormat | null {
  if (
    bytes.length >= 8 &&
    bytes[0] === 0x89 &&
    bytes[1] === 0x50 &&
    bytes[2] === 0x4e &&
    bytes[3] === 0x47 &&
    bytes[4] === 0x0d &&
    bytes[5] === 0x0a &&
    bytes[6] === 0x1a &&
    bytes[7] === 0x0a
  ) {
    return 'png';
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  return null;
}

function ascii(bytes: Uint8Array, at: number, n: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + n));
}

/** Width and height as the file's header declares them, without decoding; null when unreadable. */
export function headerSize(bytes: Uint8Array, format: ImageFormat): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (format === 'png') {
    if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return null;
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes.length < 30) return null;
  const kind = ascii(bytes, 12, 4);
  if (kind === 'VP8X') {
    const w = bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16);
    const h = bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16);
    return { width: w + 1, height: h + 1 };
  }
  if (kind === 'VP8L') {
    if (bytes[20] !== 0x2f) return null;
    const b = view.getUint32(21, true);
    return { width: (b & 0x3fff) + 1, height: ((b >>> 14) & 0x3fff) + 1 };
  }
  if (kind === 'VP8 ') {
    // Frame tag (3 bytes) and start code 9d 01 2a, then 14-bit sizes.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  return null;
}

/** The checks that need no decoding: size of the file, kind, and declared dimensions. */
export function inspectTemplateImage(
  bytes: Uint8Array,
  limits: TemplateImageLimits,
): { format: ImageFormat; width: number; height: number } {
  if (bytes.length === 0) {
    refuse('BAD_REQUEST', 'empty', 'The body is empty: send the bytes of a PNG or WebP image.');
  }
  if (bytes.length > limits.maxBytes) {
    refuse(
      'PAYLOAD_TOO_LARGE',
      'file-too-large',
      `The file is ${bytes.length} bytes; templates may be at most ${limits.maxBytes} bytes.`,
      { maxBytes: limits.maxBytes },
    );
  }
  const format = sniffFormat(bytes);
  if (!format) {
    refuse('UNSUPPORTED_MEDIA_TYPE', 'not-an-image', 'That is not a PNG or WebP image.');
  }
  const size = headerSize(bytes, format);
  if (!size || size.width < 1 || size.height < 1) {
    refuse('BAD_REQUEST', 'corrupt', `The ${format.toUpperCase()} header is damaged: cannot read its size.`);
  }
  if (size.width > limits.maxSide || size.height > limits.maxSide) {
    refuse(
      'PAYLOAD_TOO_LARGE',
      'too-many-pixels',
      `The image is ${size.width}×${size.height} px; at your level a template may be at most ` +
        `${limits.maxSide}×${limits.maxSide} px.`,
      { maxSize: limits.maxSide, width: size.width, height: size.height },
    );
  }
  return { format, ...size };
}

// ---------- bounded decoding ----------

let active = 0;
const waiting: (() => void)[] = [];

async function withDecodeSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (active >= DECODE_CONCURRENCY) {
    if (waiting.length >= DECODE_QUEUE) {
      throw new AppError('UNAVAILABLE', 'Too many images are being processed. Try again in a moment.');
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    active++;
  }
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    // Hand the slot straight to the next in line; otherwise free it.
    if (next) next();
    else active--;
  }
}

/** Decodes and maps an upload onto the palette; throws AppError with a clear message on any refusal. */
export async function readTemplateImage(
  bytes: Uint8Array,
  limits: TemplateImageLimits,
): Promise<TemplateImage> {
  const declared = inspectTemplateImage(bytes, limits);
  const { data, info } = await withDecodeSlot(async () => {
    try {
      const image = loadSharp()(bytes, sharpOptionsFor(limits.maxSide));
      const meta = await image.metadata();
      if (
        meta.format !== declared.format ||
        meta.width !== declared.width ||
        meta.height !== declared.height
      ) {
        refuse('BAD_REQUEST', 'corrupt', 'The image does not match its own header.');
      }
      return await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    } catch (err) {
      if (err instanceof AppError) throw err;
      const why = err instanceof Error ? err.message : String(err);
      if (/pixel limit/i.test(why)) {
        refuse('PAYLOAD_TOO_LARGE', 'too-many-pixels', 'The image has more pixels than your level allows.', {
          maxSize: limits.maxSide,
        });
      }
      refuse(
        'BAD_REQUEST',
        'corrupt',
        `The ${declared.format.toUpperCase()} image could not be read: it may be truncated or damaged.`,
      );
    }
  });
  if (info.channels !== 4 || info.width !== declared.width || info.height !== declared.height) {
    refuse('BAD_REQUEST', 'corrupt', 'The image decoded to an unexpected shape.');
  }
  const { indices, opaque } = toPalette(data, info.width * info.height);
  if (opaque === 0) refuse('BAD_REQUEST', 'transparent', 'The image is fully transparent: nothing to paint.');
  return {
    width: info.width,
    height: info.height,
    indices,
    opaque,
    png: encodeIndexedPng(info.width, info.height, indices),
  };
}

/** RGBA → palette indices: nearest colour, alpha under 128 transparent. */
export function toPalette(rgba: Uint8Array, pixels: number): { indices: Uint8Array; opaque: number } {
  const indices = new Uint8Array(pixels);
  // Real pictures reuse few colours: remember each colour's nearest entry.
  const memo = new Map<number, number>();
  let opaque = 0;
  for (let i = 0, p = 0; i < pixels; i++, p += 4) {
    if (rgba[p + 3]! < 128) {
      indices[i] = TEMPLATE_TRANSPARENT;
      continue;
    }
    const key = (rgba[p]! << 16) | (rgba[p + 1]! << 8) | rgba[p + 2]!;
    let idx = memo.get(key);
    if (idx === undefined) {
      idx = nearestPaletteIndex(rgba[p]!, rgba[p + 1]!, rgba[p + 2]!);
      if (memo.size < 65_536) memo.set(key, idx);
    }
    indices[i] = idx;
    opaque++;
  }
  return { indices, opaque };
}
