/**
 * NFT drawings (SPEC §3 NFT, §4): one submission per player, reviewed by an admin. States:
 * pending → approved (numbered 1..1,000; approvals stop at the cap) or rejected; approved →
 * minting once the player's wallet sent the mint message (its hash recorded) → minted when seen
 * on chain. The drawing is stored as its 64×64 RGBA bytes.
 */
import { randomBytes } from 'node:crypto';
import {
  NFT_CAP,
  type NftData,
  type NftGet,
  type NftMint,
  type NftReviewList,
  type NftStatus,
} from '@pixel-wall/shared';
import type { Database } from '../../db/client.ts';
import { AppError, notConfigured } from '../../errors.ts';
import { playerCards } from '../users/store.ts';
import { checkDrawing } from './drawing.ts';
import { messageHash, mintTransaction } from './mint.ts';

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

interface NftRow {
  id: number;
  user_id: number;
  status: NftStatus;
  pixels: Uint8Array;
  approval_no: number | null;
  mint_hash: string | null;
  created_at: string | Date;
  reviewed_at: string | Date | null;
}

const COLUMNS = 'id, user_id, status, pixels, approval_no, mint_hash, created_at, reviewed_at';
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
  };
}

export function createNftService(deps: NftServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  async function requireAdmin(userId: number): Promise<void> {
    if (!(await deps.isAdmin(userId))) throw new AppError('FORBIDDEN', 'Only admins may review NFTs.');
  }

  async function countApproved(): Promise<number> {
    const rows = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM nfts WHERE approval_no IS NOT NULL',
    );
    return rows[0]?.n ?? 0;
  }

  async function mine(userId: number): Promise<NftRow | null> {
    const rows = await db.query<NftRow>(`SELECT ${COLUMNS} FROM nfts WHERE user_id = $1`, [userId]);
    return rows[0] ?? null;
  }

  return {
    countApproved,

    /** The one submission of a player: a second one is refused, whatever its state. */
    async upload(userId: number, body: Uint8Array): Promise<NftData> {
      await deps.users.requirePlayer(userId);
      const checked = checkDrawing(body);
      if (!checked.ok) throw new AppError('BAD_REQUEST', checked.message);
      const rows = await db.query<NftRow>(
        `INSERT INTO nfts (user_id, pixels) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING RETURNING ${COLUMNS}`,
        [userId, Buffer.from(checked.pixels)],
      );
      if (!rows[0]) {
        throw new AppError('NFT_ALREADY_SUBMITTED', 'You can only submit an NFT for review once.');
      }
      return toData(rows[0]);
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
      // 'approved' lists every drawing with a number, minted or not.
      const where = status === 'approved' ? 'n.approval_no IS NOT NULL' : 'n.status = $1';
      const params = status === 'approved' ? [] : [status];
      const rows = await db.query<NftRow>(
        `SELECT ${COLUMNS.split(', ')
          .map((c) => `n.${c}`)
          .join(', ')}
         FROM nfts n WHERE ${where}
         ORDER BY n.id LIMIT ${limit} OFFSET ${offset}`,
        params,
      );
      const names = await playerCards(
        db,
        rows.map((r) => Number(r.user_id)),
      );
      const total = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM nfts n WHERE ${where}`,
        params,
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
        total: total[0]?.n ?? 0,
        countApproved: await countApproved(),
      };
    },

    /** Approves a pending drawing with the next number; refused at the cap of 1,000. */
    async approve(adminId: number, id: number): Promise<NftData> {
      await requireAdmin(adminId);
      return db.transaction(async (tx) => {
        // One approval at a time on every instance: the numbering and the cap need it.
        await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
        const found = await tx.query<{ status: NftStatus }>('SELECT status FROM nfts WHERE id = $1', [id]);
        if (!found[0]) throw new AppError('NOT_FOUND', 'No such NFT.');
        if (found[0].status !== 'pending') {
          throw new AppError('CONFLICT', `This NFT is already ${found[0].status}.`);
        }
        const next = await tx.query<{ n: number }>(
          'SELECT COALESCE(max(approval_no), 0)::int + 1 AS n FROM nfts',
        );
        const no = next[0]!.n;
        if (no > NFT_CAP) {
          throw new AppError('NFT_CAP_REACHED', `All ${NFT_CAP.toLocaleString('en')} NFTs are approved.`);
        }
        const rows = await tx.query<NftRow>(
          `UPDATE nfts SET status = 'approved', approval_no = $2, reviewed_by = $3, reviewed_at = now()
           WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
          [id, no, adminId],
        );
        return toData(rows[0]!);
      });
    },

    async reject(adminId: number, id: number): Promise<NftData> {
      await requireAdmin(adminId);
      const rows = await db.query<NftRow>(
        `UPDATE nfts SET status = 'rejected', reviewed_by = $2, reviewed_at = now()
         WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
        [id, adminId],
      );
      if (rows[0]) return toData(rows[0]);
      const found = await db.query<{ status: string }>('SELECT status FROM nfts WHERE id = $1', [id]);
      if (!found[0]) throw new AppError('NOT_FOUND', 'No such NFT.');
      throw new AppError('CONFLICT', `This NFT is already ${found[0].status}.`);
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
      const rows = await db.query<NftRow>(
        `UPDATE nfts SET status = 'minting', mint_hash = $2, mint_owner = $3
         WHERE user_id = $1 AND status = 'approved' RETURNING ${COLUMNS}`,
        [userId, hash, owner],
      );
      if (rows[0]) return toData(rows[0]);
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
      const rows = await db.query<{ pixels: Uint8Array }>('SELECT pixels FROM nfts WHERE approval_no = $1', [
        approvalNo,
      ]);
      return rows[0] ? Buffer.from(rows[0].pixels) : null;
    },
  };
}

export type NftService = ReturnType<typeof createNftService>;
