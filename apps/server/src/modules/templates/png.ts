/**
 * An indexed PNG of a template: 8-bit palette, the 30 Wall colours plus one fully transparent
 * entry. Written by hand (signature, IHDR, PLTE, tRNS, IDAT, IEND) so the colours are exactly the
 * palette's: a quantizer would be free to move them.
 */
import { crc32, deflateSync } from 'node:zlib';
import { PALETTE_RGB, PALETTE_SIZE, TEMPLATE_TRANSPARENT } from '@pixel-wall/shared';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The PNG's palette entry for transparent pixels: right after the 30 colours. */
const PNG_TRANSPARENT = PALETTE_SIZE;

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** `indices`: one palette index per pixel, row by row; TEMPLATE_TRANSPARENT for transparent. */
export function encodeIndexedPng(width: number, height: number, indices: Uint8Array): Buffer {
  if (indices.length !== width * height) throw new RangeError('indices do not match the size');
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 3; // colour type: palette
  const plte = new Uint8Array((PALETTE_SIZE + 1) * 3);
  plte.set(PALETTE_RGB);
  const trns = new Uint8Array(PALETTE_SIZE + 1).fill(255);
  trns[PNG_TRANSPARENT] = 0;
  // Each scanline: filter byte 0 (none), then the row's indices.
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width + 1);
    for (let x = 0; x < width; x++) {
      const v = indices[y * width + x]!;
      raw[row + 1 + x] = v < PALETTE_SIZE ? v : PNG_TRANSPARENT;
    }
  }
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('PLTE', plte),
    chunk('tRNS', trns),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

export { PNG_TRANSPARENT, TEMPLATE_TRANSPARENT };
