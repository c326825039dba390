/**
 * The NFT drawing format: exactly 64×64 RGBA bytes (16,384), row by row from the top left.
 * Every pixel is either transparent (alpha 0; its colour bytes are dropped) or opaque (alpha 255)
 * in one of the 30 palette colours; at least one pixel is painted. Anything else is refused.
 */
import { NFT_BYTES, NFT_SIZE, paletteIndexOfRgb } from '@pixel-wall/shared';

export type DrawingCheck = { ok: true; pixels: Uint8Array } | { ok: false; message: string };

/** Checks a drawing and returns it normalised (transparent pixels all zero), in a fresh buffer. */
export function checkDrawing(body: Uint8Array): DrawingCheck {
  if (body.length !== NFT_BYTES) {
    return {
      ok: false,
      message: `The drawing must be exactly ${NFT_BYTES} bytes (${NFT_SIZE}×${NFT_SIZE} RGBA); got ${body.length}.`,
    };
  }
  const pixels = new Uint8Array(NFT_BYTES);
  let painted = 0;
  for (let i = 0; i < NFT_BYTES; i += 4) {
    const a = body[i + 3]!;
    if (a === 0) continue;
    const at = i / 4;
    const where = `pixel (${at % NFT_SIZE}, ${Math.floor(at / NFT_SIZE)})`;
    if (a !== 255) return { ok: false, message: `${where} has alpha ${a}: use 0 (empty) or 255 (painted).` };
    if (paletteIndexOfRgb(body[i]!, body[i + 1]!, body[i + 2]!) < 0)
      return { ok: false, message: `${where} is not one of the palette colours.` };
    pixels[i] = body[i]!;
    pixels[i + 1] = body[i + 1]!;
    pixels[i + 2] = body[i + 2]!;
    pixels[i + 3] = 255;
    painted++;
  }
  if (painted === 0) return { ok: false, message: 'The drawing is empty: paint at least one pixel.' };
  return { ok: true, pixels };
}
