/** NFT calls (SPEC §7 NFT), the review calls of admins, and the mint. */
import type { NftCount, NftData, NftGet, NftMint, NftReviewList } from '@pixel-wall/shared';
import type { HttpClient } from '../../api/http.ts';
import { getParsed } from '../../api/useHttp.ts';

export const fetchNft = (http: HttpClient, signal?: AbortSignal): Promise<NftGet> =>
  getParsed(http, '/nft/get', (s) => s.nftGetSchema, { signal });

export const fetchNftCount = (http: HttpClient, signal?: AbortSignal): Promise<NftCount> =>
  getParsed(http, '/nft/count', (s) => s.nftCountSchema, { signal });

/** POST /nft/upload: the raw 64×64 RGBA bytes. */
export async function uploadNft(http: HttpClient, pixels: Uint8Array): Promise<NftData> {
  const r = await http.post<{ nftData: NftData }>('/nft/upload', pixels);
  return r.nftData;
}

export const fetchReview = (
  http: HttpClient,
  status: 'pending' | 'approved' | 'rejected',
  signal?: AbortSignal,
): Promise<NftReviewList> =>
  getParsed(http, `/nft/review?status=${status}&limit=20&offset=0`, (s) => s.nftReviewListSchema, { signal });

export const reviewNft = (http: HttpClient, id: number, action: 'approve' | 'reject'): Promise<NftData> =>
  http.post<NftData>(`/nft/review/${id}/${action}`);

export const fetchMint = (http: HttpClient): Promise<NftMint> => http.get<NftMint>('/nft/mint');

export const reportMintSent = (http: HttpClient, boc: string): Promise<NftData> =>
  http.post<NftData>('/nft/mint/sent', { boc });
