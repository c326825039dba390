/**
 * NFT drawings (SPEC §3 NFT, §4): one submission per player, reviewed by an admin. States:
 * pending → approved (numbered 1..1,000; approvals stop at the cap) or rejected; approved →
 * minting once the player's wallet sent the mint message (its hash recorded) → minted when seen
 * on chain. The drawing is stored as its 64×64 RGBA bytes.
 */
import { randomBytes } from 'node:crypto';
import { NFT_CAP, type NftData, type NftGet, type NftMint, type NftReviewList } from '@pixel-wall/shared';
import type { Database } from '../../db/client.ts';
import { AppError, notConfigured } from '../../errors.ts';
import { playerCards } from '../users/store.ts';
import { checkDrawing } from './drawing.ts';
import { messageHash, mintTransaction } from './mint.ts';
import type { NftRow } from './store.ts';
import * as store from './store.ts';

export interface NftServiceDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  users: { requirePlayer(userId: number): Promise<unknown> };
  /** the player's connected TON wallet (raw form), or null */
  walletOf(userId: number): Promise<string | null>;
  /** ADMIN_IDS or an admin role */
  isAdmin(userId: number): Promise<boolean>;
  /** NFT_COLLECTION_ADDRESS; null: minting is off */
  collection: string | null;
  now?: () => number;
}

const LOCK_KEY = 7_355_612;

function toData(r: NftRow): NftData {
  return {
    id: Number(r.id),
    status: r.status,
    image: Buffer.from(r.pixels).toString('base64'),
    created_at: new Date(r.created_at).toISOString(),
    reviewed_at: r.reviewed_at === null ? null : new Date(r.reviewed_at).toISOString(),
    approval_no: r.approval_no,
    mint_hash: r.mint_hash,
    mint_tx: r.mint_tx,
    minted_at: r.minted_at === null ? null : new Date(r.minted_at).toISOString(),
  };
}

export function createNftService(deps: NftServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  async function requireAdmin(userId: number): Promise<void> {
    if (!(await deps.isAdmin(userId))) throw new AppError('FORBIDDEN', 'Only admins may review NFTs.');
  }

  async function countApproved(): Promise<number> {
    return store.countApproved(db);
  }

  async function mine(userId: number): Promise<NftRow | null> {
    return (await store.nftOf(db, userId)) ?? null;
  }

  return {
    countApproved,

    /** The one submission of a player: a second one is refused, whatever its state. */
    async upload(userId: number, body: Uint8Array): Promise<NftData> {
      await deps.users.requirePlayer(userId);
      const checked = checkDrawing(body);
      if (!checked.ok) throw new AppError('BAD_REQUEST', checked.message);
      const row = await store.insertNft(db, userId, Buffer.from(checked.pixels));
      if (!row) {
        throw new AppError('NFT_ALREADY_SUBMITTED', 'You can only submit an NFT for review once.');
      }
      return toData(row);
    },

    async get(userId: number): Promise<NftGet> {
      const [row, approved, wallet] = await Promise.all([
        mine(userId),
        countApproved(),
        deps.walletOf(userId),
      ]);
      return {
        nftData: row ? toData(row) : null,
        countApproved: approved,
        wallet,
        collection: deps.collection,
      };
    },

    async reviewList(
      adminId: number,
      status: 'pending' | 'approved' | 'rejected',
      limit: number,
      offset: number,
    ): Promise<NftReviewList> {
      await requireAdmin(adminId);
      const { rows, total } = await store.reviewPage(db, status, limit, offset);
      const names = await playerCards(
        db,
        rows.map((r) => Number(r.user_id)),
      );
      return {
        list: rows.map((r) => ({
          ...toData(r),
          user: {
            id: Number(r.user_id),
            firstName: names.get(Number(r.user_id))?.first_name ?? '',
            userName: names.get(Number(r.user_id))?.username ?? null,
          },
        })),
        total,
        countApproved: await countApproved(),
      };
    },

    /** Approves a pending drawing with the next number; refused at the cap of 1,000. */
    async approve(adminId: number, id: number): Promise<NftData> {
      await requireAdmin(adminId);
      return db.transaction(async (tx) => {
        // One approval at a time on every instance: the numbering and the cap need it.
        await store.lockApprovals(tx, LOCK_KEY);
        const found = await store.statusOf(tx, id);
        if (!found) throw new AppError('NOT_FOUND', 'No such NFT.');
        if (found !== 'pending') {
          throw new AppError('CONFLICT', `This NFT is already ${found}.`);
        }
        const no = await store.nextApprovalNo(tx);
        if (no > NFT_CAP) {
          throw new AppError('NFT_CAP_REACHED', `All ${NFT_CAP.toLocaleString('en')} NFTs are approved.`);
        }
        return toData((await store.approve(tx, id, no, adminId))!);
      });
    },

    async reject(adminId: number, id: number): Promise<NftData> {
      await requireAdmin(adminId);
      const rejected = await store.reject(db, id, adminId);
      if (rejected) return toData(rejected);
      const found = await store.statusOf(db, id);
      if (!found) throw new AppError('NOT_FOUND', 'No such NFT.');
      throw new AppError('CONFLICT', `This NFT is already ${found}.`);
    },

    /** The TON Connect transaction that mints the player's approved drawing. */
    async mintTransaction(userId: number): Promise<NftMint> {
      if (!deps.collection) {
        throw notConfigured('NFT_NO_COLLECTION', 'Minting is not open yet: no NFT collection is configured.');
      }
      const row = await mine(userId);
      if (!row || row.approval_no === null || row.status === 'minted') {
        throw new AppError(
          'NFT_NOT_APPROVED',
          row?.status === 'minted' ? 'This NFT is already minted.' : 'Wait for NFT approval.',
        );
      }
      const owner = await deps.walletOf(userId);
      if (!owner) throw new AppError('WALLET_NOT_CONNECTED', 'Connect your TON wallet first.');
      return mintTransaction(
        {
          collection: deps.collection,
          owner,
          itemIndex: row.approval_no - 1,
          contentPath: `${row.approval_no}.json`,
          queryId: randomBytes(8).readBigUInt64BE(0),
        },
        Math.floor(now() / 1000),
      );
    },

    /** The wallet sent the mint: its message hash is recorded once; the same report again is fine. */
    async mintSent(userId: number, boc: string): Promise<NftData> {
      const hash = messageHash(boc);
      if (!hash) throw new AppError('BAD_REQUEST', 'boc must be one base64-encoded cell (the sent message).');
      const owner = await deps.walletOf(userId);
      const minting = await store.markMinting(db, userId, hash, owner);
      if (minting) return toData(minting);
      const row = await mine(userId);
      if (row && row.status !== 'approved' && row.mint_hash === hash) return toData(row);
      throw new AppError(
        'NFT_NOT_APPROVED',
        row?.status === 'minting' || row?.status === 'minted'
          ? 'This NFT is already minted.'
          : 'Wait for NFT approval.',
      );
    },

    /** Public: an approved drawing's pixels (for its image and metadata), by approval number. */
    async approvedPixels(approvalNo: number): Promise<Uint8Array | null> {
      const pixels = await store.approvedPixels(db, approvalNo);
      return pixels ? Buffer.from(pixels) : null;
    },
  };
}

export type NftService = ReturnType<typeof createNftService>;
