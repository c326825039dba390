import type { GoodsAvailable, MyPixel, PixelPrices, PlayerProfileView, SoldPixel } from '@pixel-wall/shared';
import type { HttpClient } from '../../api/http.ts';
import { getParsed } from '../../api/useHttp.ts';
import type { Page } from '../../ui/list/pagination.ts';

/** Any painter's public profile: GET /users/{id}/profile. */
export function loadProfile(http: HttpClient, id: number, signal?: AbortSignal): Promise<PlayerProfileView> {
  return getParsed(http, `/users/${id}/profile`, (s) => s.playerProfileSchema, signal ? { signal } : {});
}

/** The player's goods counts from the shop list (GET /buy/list). */
export async function loadGoods(http: HttpClient, signal?: AbortSignal): Promise<GoodsAvailable> {
  const body = await getParsed(http, '/buy/list', (s) => s.buyListResponse, signal ? { signal } : {});
  return body.goodsAvailable;
}

/** Pixels the player owns now, ten a page (SPEC §9): GET /users/mypixels?offset&limit; extra: their worth. */
export async function loadMyPixels(
  http: HttpClient,
  offset: number,
  limit: number,
  signal: AbortSignal,
): Promise<Page<MyPixel, { totalPrice: number }>> {
  const body = await getParsed(http, '/users/mypixels', (s) => s.myPixelsResponse, {
    query: { offset, limit },
    signal,
  });
  return { items: body.pixels, total: body.total, extra: { totalPrice: body.totalPrice } };
}

/** Pixels the player painted and others painted over since, ten a page: GET /users/mypixels/sold. */
export async function loadSoldPixels(
  http: HttpClient,
  offset: number,
  limit: number,
  signal: AbortSignal,
): Promise<Page<SoldPixel, { totalPrice: number }>> {
  const body = await getParsed(http, '/users/mypixels/sold', (s) => s.soldPixelsResponse, {
    query: { offset, limit },
    signal,
  });
  return { items: body.pixels, total: body.total, extra: { totalPrice: body.totalPrice } };
}

/** How many pixels the player owns now: GET /users/mypixels/count. */
export async function loadMyPixelsCount(http: HttpClient, signal: AbortSignal): Promise<number> {
  const body = await getParsed(http, '/users/mypixels/count', (s) => s.myPixelsCountResponse, { signal });
  return body.myPixelsCount;
}

/** What a pixel costs by region of the wall (GET /image/prices): tiers of rings from the centre. */
export function loadPixelPrices(http: HttpClient, signal: AbortSignal): Promise<PixelPrices> {
  return getParsed(http, '/image/prices', (s) => s.pixelPricesResponse, { signal });
}
