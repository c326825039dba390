import type { PixelInfo } from '@pixel-wall/shared';
import { pixelIdOf } from '@pixel-wall/shared/core';
import type { HttpClient } from '../../api/http.ts';
import { getParsed } from '../../api/useHttp.ts';
import type { Pixel } from '../../canvas/index.ts';

/** GET /image/get/:id: the pixel's colour, when it was painted and by whom. */
export function loadPixelInfo(http: HttpClient, pixel: Pixel, signal?: AbortSignal): Promise<PixelInfo> {
  return getParsed(
    http,
    `/image/get/${pixelIdOf(pixel.x, pixel.y)}`,
    (s) => s.pixelInfoSchema,
    signal ? { signal } : {},
  );
}
