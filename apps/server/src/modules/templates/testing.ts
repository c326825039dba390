/** Test support for templates: pictures made on the fly, and raw uploads over HTTP. */
import { crc32, deflateSync } from 'node:zlib';
import { PALETTE_RGB, type Template } from '@pixel-wall/shared';
import sharp from 'sharp';

type ErrorBody = { error: { code: string; message: string; details?: Record<string, unknown> } };

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A few dozen bytes that declare a w×h RGBA PNG: decoding it would need w×h×4 bytes. */
export function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/** An RGBA image, `paint(x, y)` giving [r, g, b, a]. */
export async function rgbaImage(
  width: number,
  height: number,
  paint: (x: number, y: number) => readonly [number, number, number, number],
  format: 'png' | 'webp' = 'png',
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set(paint(x, y), (y * width + x) * 4);
  }
  const img = sharp(raw, { raw: { width, height, channels: 4 } });
  return format === 'png' ? img.png().toBuffer() : img.webp({ lossless: true }).toBuffer();
}

export async function upload<T = Template & ErrorBody>(
  base: string,
  path: string,
  token: string | null,
  body: Uint8Array,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(`${base}/api/v1${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/octet-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}

export function solid(index: number, width: number, height = width): Promise<Buffer> {
  return rgbaImage(width, height, () => [
    PALETTE_RGB[index * 3]!,
    PALETTE_RGB[index * 3 + 1]!,
    PALETTE_RGB[index * 3 + 2]!,
    255,
  ]);
}
