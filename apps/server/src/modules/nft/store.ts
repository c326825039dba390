/** The SQL of `nfts` (see db/owners.ts), each function taking the database or a transaction. */
import type { NftStatus } from '@pixel-wall/shared';
import type { Sql } from '../../db/client.ts';

export interface NftRow {
  id: number;
  user_id: number;
  status: NftStatus;
  pixels: Uint8Array;
  approval_no: number | null;
  mint_hash: string | null;
  mint_tx: string | null;
  minted_at: string | Date | null;
  created_at: string | Date;
  reviewed_at: string | Date | null;
}

const COLUMNS =
  'id, user_id, status, pixels, approval_no, mint_hash, mint_tx, minted_at, created_at, reviewed_at';

export async function countApproved(q: Sql): Promise<number> {
  const rows = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM nfts WHERE approval_no IS NOT NULL',
  );
  return rows[0]?.n ?? 0;
}

export async function nftOf(q: Sql, userId: number): Promise<NftRow | undefined> {
  const rows = await q.query<NftRow>(`SELECT ${COLUMNS} FROM nfts WHERE user_id = $1`, [userId]);
  return rows[0];
}

/** The player's one submission; undefined when they submitted before. */
export async function insertNft(q: Sql, userId: number, pixels: Buffer): Promise<NftRow | undefined> {
  const rows = await q.query<NftRow>(
    `INSERT INTO nfts (user_id, pixels) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING RETURNING ${COLUMNS}`,
    [userId, pixels],
  );
  return rows[0];
}

/** A page of drawings in id order: every one with a number for 'approved', else those of the status. */
export async function reviewPage(
  q: Sql,
  status: 'pending' | 'approved' | 'rejected',
  limit: number,
  offset: number,
): Promise<{ rows: NftRow[]; total: number }> {
  // 'approved' lists every drawing with a number, minted or not.
  const where = status === 'approved' ? 'n.approval_no IS NOT NULL' : 'n.status = $1';
  const params = status === 'approved' ? [] : [status];
  const rows = await q.query<NftRow>(
    `SELECT ${COLUMNS.split(', ')
      .map((c) => `n.${c}`)
      .join(', ')}
         FROM nfts n WHERE ${where}
         ORDER BY n.id LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  const total = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM nfts n WHERE ${where}`, params);
  return { rows, total: total[0]?.n ?? 0 };
}

/** Serialises approvals on every instance until the transaction ends. */
export async function lockApprovals(tx: Sql, key: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [key]);
}

export async function statusOf(q: Sql, id: number): Promise<NftStatus | undefined> {
  const found = await q.query<{ status: NftStatus }>('SELECT status FROM nfts WHERE id = $1', [id]);
  return found[0]?.status;
}

export async function nextApprovalNo(tx: Sql): Promise<number> {
  const next = await tx.query<{ n: number }>('SELECT COALESCE(max(approval_no), 0)::int + 1 AS n FROM nfts');
  return next[0]!.n;
}

export async function approve(tx: Sql, id: number, no: number, adminId: number): Promise<NftRow | undefined> {
  const rows = await tx.query<NftRow>(
    `UPDATE nfts SET status = 'approved', approval_no = $2, reviewed_by = $3, reviewed_at = now()
           WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
    [id, no, adminId],
  );
  return rows[0];
}

export async function reject(q: Sql, id: number, adminId: number): Promise<NftRow | undefined> {
  const rows = await q.query<NftRow>(
    `UPDATE nfts SET status = 'rejected', reviewed_by = $2, reviewed_at = now()
         WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
    [id, adminId],
  );
  return rows[0];
}

export async function markMinting(
  q: Sql,
  userId: number,
  hash: string,
  owner: string | null,
): Promise<NftRow | undefined> {
  const rows = await q.query<NftRow>(
    `UPDATE nfts SET status = 'minting', mint_hash = $2, mint_owner = $3, mint_sent_at = now()
         WHERE user_id = $1 AND status = 'approved' RETURNING ${COLUMNS}`,
    [userId, hash, owner],
  );
  return rows[0];
}

export async function approvedPixels(q: Sql, approvalNo: number): Promise<Uint8Array | undefined> {
  const rows = await q.query<{ pixels: Uint8Array }>('SELECT pixels FROM nfts WHERE approval_no = $1', [
    approvalNo,
  ]);
  return rows[0]?.pixels;
}

/** A drawing whose mint message the wallet reported, as the watcher needs it. */
export interface MintingRow {
  id: number;
  approval_no: number;
  mint_hash: string;
  mint_owner: string | null;
  /** unix ms */
  sent_ms: number;
}

/** Drawings waiting for their mint on chain, the longest waiting first. */
export async function mintingPage(q: Sql, limit: number): Promise<MintingRow[]> {
  const rows = await q.query<{
    id: number | string;
    approval_no: number;
    mint_hash: string;
    mint_owner: string | null;
    sent_ms: number | string | null;
  }>(
    `SELECT id, approval_no, mint_hash, mint_owner,
            (extract(epoch FROM mint_sent_at) * 1000)::bigint AS sent_ms
       FROM nfts WHERE status = 'minting' AND mint_hash IS NOT NULL
       ORDER BY mint_sent_at NULLS FIRST, id LIMIT ${Math.max(1, Math.floor(limit))}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    approval_no: r.approval_no,
    mint_hash: r.mint_hash,
    mint_owner: r.mint_owner,
    sent_ms: r.sent_ms === null ? 0 : Number(r.sent_ms),
  }));
}

/** The mint was seen on chain: minted, with the collection's transaction. Once per message. */
export async function markMinted(q: Sql, id: number, hash: string, tx: string): Promise<boolean> {
  const rows = await q.query<{ id: number }>(
    `UPDATE nfts SET status = 'minted', mint_tx = $3, minted_at = now()
         WHERE id = $1 AND status = 'minting' AND mint_hash = $2 RETURNING id`,
    [id, hash, tx],
  );
  return rows.length > 0;
}

/** The mint failed on chain or its message expired unseen: approved again, to mint anew. */
export async function mintLost(q: Sql, id: number, hash: string): Promise<boolean> {
  const rows = await q.query<{ id: number }>(
    `UPDATE nfts SET status = 'approved', mint_hash = NULL, mint_owner = NULL, mint_sent_at = NULL
         WHERE id = $1 AND status = 'minting' AND mint_hash = $2 RETURNING id`,
    [id, hash],
  );
  return rows.length > 0;
}
