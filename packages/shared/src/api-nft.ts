/**
 * NFT drawings (SPEC §2 /nft, §3 NFT, §4, §5, §7, §9). A player draws a 64×64 picture, submits it
 * once for review (`POST /nft/upload`, the raw 64×64 RGBA bytes), an admin approves (up to 1,000)
 * or rejects it, and an approved drawing is minted through the player's TON wallet.
 */
import { z } from 'zod';

export const NFT_SIZE = 64;
/** Bytes of one drawing: 64×64 RGBA. */
export const NFT_BYTES = NFT_SIZE * NFT_SIZE * 4;
export const NFT_CAP = 1000;
export const NFT_ZOOM_MIN = 5;
export const NFT_ZOOM_MAX = 60;
/** The submit confirm button stays disabled this long, ms. */
export const NFT_CONFIRM_DELAY_MS = 3000;
export const NFT_REVIEW_PAGE = 20;

export const NFT_STATUSES = ['pending', 'approved', 'rejected', 'minting', 'minted'] as const;
export type NftStatus = (typeof NFT_STATUSES)[number];

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const nftDataSchema = z.object({
  id: z.number().int(),
  status: z.enum(NFT_STATUSES),
  /** the 64×64 RGBA bytes, base64 */
  image: z.string().max(NFT_BYTES * 2),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  /** 1..1,000 once approved: the item's place in the collection */
  approval_no: z.number().int().nullable(),
  mint_hash: z.string().max(128).nullable(),
  /** once minted: the collection's transaction that minted the item (hex), and when it was seen */
  mint_tx: z.string().max(128).nullable(),
  minted_at: z.string().nullable(),
});
export type NftData = z.infer<typeof nftDataSchema>;

export const nftGetSchema = z.object({
  nftData: nftDataSchema.nullable(),
  countApproved: count,
  /** the player's connected wallet, if any */
  wallet: z.string().max(128).nullable(),
  /** the collection minted into; null when none is configured */
  collection: z.string().max(128).nullable(),
});
export type NftGet = z.infer<typeof nftGetSchema>;

export const nftCountSchema = z.object({ countApproved: count, cap: count });
export type NftCount = z.infer<typeof nftCountSchema>;

export const nftUploadResultSchema = z.object({ success: z.literal(true), nftData: nftDataSchema });

/** Admin review list. */
export const nftReviewQuery = z.object({
  status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
  limit: z.coerce.number().int().min(1).max(NFT_REVIEW_PAGE).default(NFT_REVIEW_PAGE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const nftReviewItemSchema = nftDataSchema.extend({
  user: z.object({
    id: z.number().int(),
    firstName: z.string().max(256),
    userName: z.string().max(256).nullable(),
  }),
});
export type NftReviewItem = z.infer<typeof nftReviewItemSchema>;

export const nftReviewListSchema = z.object({
  list: z.array(nftReviewItemSchema).max(NFT_REVIEW_PAGE),
  total: count,
  countApproved: count,
});
export type NftReviewList = z.infer<typeof nftReviewListSchema>;

export const nftIdParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** The TON Connect transaction that mints an approved drawing. */
export const nftMintSchema = z.object({
  validUntil: z.number().int(),
  messages: z
    .array(
      z.object({
        address: z.string().max(128),
        /** nanotons, decimal text */
        amount: z.string().regex(/^\d{1,20}$/),
        /** the message body, a base64 BOC */
        payload: z.string().max(4096),
      }),
    )
    .length(1),
});
export type NftMint = z.infer<typeof nftMintSchema>;

/** What the wallet answered after sending the mint: the signed external message, a base64 BOC. */
export const nftMintSentBody = z.object({ boc: z.string().min(8).max(8192) }).strict();
