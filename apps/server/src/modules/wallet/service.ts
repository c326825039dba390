/**
 * The player's TON wallet: proof payloads, the ton_proof check, the captcha gate after repeated
 * failures, the verified and connected addresses (SPEC §4 wallet connect, §7 wallet calls).
 */
import { randomBytes } from 'node:crypto';
import {
  type CheckCaptchaBody,
  TON_NETWORK,
  TON_PROOF_FAILED_TEXT,
  type TonCaptcha,
  type TonNetwork,
  type TonProofBody,
} from '@pixel-wall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { normalizeTonAddress, toFriendlyAddress } from '../../integrations/ton/address.ts';
import {
  DEFAULT_PROOF_MAX_AGE_SECONDS,
  verifyTonProofOnline,
  type WalletKeyLookup,
} from '../../integrations/ton/proof.ts';
import { captchaAnswerMatches, makeCaptcha, type RandomInt } from './captcha.ts';

export interface WalletServiceDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  /** Domains a proof may name: our site's host(s). */
  allowedDomains: readonly string[];
  network: TonNetwork;
  /** a wallet's key through its get_public_key, for contracts outside the known wallets; null: refused */
  walletKeys?: WalletKeyLookup | null;
  proofMaxAgeSeconds?: number;
  payloadTtlSeconds?: number;
  /** Failed proofs after which every proof needs a solved captcha first. */
  captchaAfterFailures?: number;
  captchaTtlSeconds?: number;
  now?: () => number;
  randomInt?: RandomInt;
}

export type WalletService = ReturnType<typeof createWalletService>;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Our site's host names, for the proof's domain check: PUBLIC_URL's host plus any configured.
 * Wallets name the host of the manifest's `url`, port included when it has one, so both count.
 */
export function tonAllowedDomains(publicUrl: string | null, extra: readonly string[] = []): string[] {
  const out = new Set<string>();
  if (publicUrl) {
    try {
      const url = new URL(publicUrl);
      out.add(url.hostname.toLowerCase());
      out.add(url.host.toLowerCase());
    } catch {
      // config validated it already
    }
  }
  for (const d of extra) if (d.trim()) out.add(d.trim().toLowerCase());
  return [...out];
}

export function createWalletService(deps: WalletServiceDeps) {
  const now = deps.now ?? Date.now;
  const payloadTtlMs = (deps.payloadTtlSeconds ?? 15 * 60) * 1000;
  const captchaTtlMs = (deps.captchaTtlSeconds ?? 10 * 60) * 1000;
  const captchaAfter = deps.captchaAfterFailures ?? 3;
  // A solved captcha admits the next proof only while it is this fresh.
  const captchaPassTtlMs = 15 * 60 * 1000;
  const testOnly = deps.network === TON_NETWORK.testnet;

  const friendly = (raw: string) => toFriendlyAddress(raw, { bounceable: false, testOnly });

  interface GuardRow {
    failures: number;
    passed: boolean;
    captcha_wallet: string | null;
  }

  async function guardOf(userId: number): Promise<GuardRow> {
    const rows = await deps.db.query<GuardRow>(
      `SELECT failures, (captcha_passed_at IS NOT NULL AND captcha_passed_at > $2) AS passed, captcha_wallet
       FROM ton_proof_guard WHERE user_id = $1`,
      [userId, iso(now() - captchaPassTtlMs)],
    );
    return rows[0] ?? { failures: 0, passed: false, captcha_wallet: null };
  }

  async function recordFailure(userId: number): Promise<void> {
    await deps.db.query(
      `INSERT INTO ton_proof_guard (user_id, failures, last_failure_at) VALUES ($1, 1, $2)
       ON CONFLICT (user_id) DO UPDATE SET failures = ton_proof_guard.failures + 1,
         last_failure_at = EXCLUDED.last_failure_at, captcha_passed_at = NULL, captcha_wallet = NULL`,
      [userId, iso(now())],
    );
  }

  async function openCaptcha(userId: number, id?: string) {
    const rows = await deps.db.query<{ id: string; question: string; answer: string }>(
      `SELECT id, question, answer FROM ton_captchas
       WHERE user_id = $1 AND closed_at IS NULL AND expires_at > $2 AND ($3::text IS NULL OR id = $3)
       ORDER BY created_at DESC LIMIT 1`,
      [userId, iso(now()), id ?? null],
    );
    return rows[0] ?? null;
  }

  /** The connected wallet, raw (`0:hex`), for other modules; null when none. */
  async function addressOf(userId: number): Promise<string | null> {
    const rows = await deps.db.query<{ address: string }>(
      'SELECT address FROM ton_user_wallets WHERE user_id = $1',
      [userId],
    );
    return rows[0]?.address ?? null;
  }

  return {
    async generatePayload(userId: number): Promise<{ payload: string }> {
      const at = now();
      // Expired payloads are worthless; clearing them here keeps the table small without a job.
      await deps.db.query('DELETE FROM ton_proof_payloads WHERE expires_at < $1', [iso(at - 86_400_000)]);
      const payload = randomBytes(32).toString('hex');
      await deps.db.query(
        'INSERT INTO ton_proof_payloads (payload, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
        [payload, userId, iso(at), iso(at + payloadTtlMs)],
      );
      return { payload };
    },

    async checkProof(userId: number, body: TonProofBody): Promise<{ success: true; address: string }> {
      const claimed = normalizeTonAddress(body.address);
      const guard = await guardOf(userId);
      if (guard.failures >= captchaAfter && !(guard.passed && guard.captcha_wallet === claimed)) {
        // A pass for another wallet is spent too, so the player gets a fresh question.
        if (guard.passed) {
          await deps.db.query(
            'UPDATE ton_proof_guard SET captcha_passed_at = NULL, captcha_wallet = NULL WHERE user_id = $1',
            [userId],
          );
        }
        throw new AppError('CAPTCHA_REQUIRED', 'Solve the captcha first, then connect the wallet again.');
      }

      // The payload is spent by this attempt whatever its outcome: one proof per payload.
      const at = now();
      const spent = await deps.db.query<{ payload: string }>(
        `UPDATE ton_proof_payloads SET used_at = $3
         WHERE payload = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > $3 RETURNING payload`,
        [body.proof.payload, userId, iso(at)],
      );
      const issued = spent[0]?.payload ?? null;

      const result = await verifyTonProofOnline(
        body,
        {
          allowedDomains: deps.allowedDomains,
          maxAgeSeconds: deps.proofMaxAgeSeconds ?? DEFAULT_PROOF_MAX_AGE_SECONDS,
          now: Math.floor(at / 1000),
          checkPayload: (p) => issued !== null && p === issued,
          network: deps.network,
        },
        deps.walletKeys ?? null,
      );
      if (!result.ok) {
        await recordFailure(userId);
        throw new AppError('TON_PROOF_INVALID', TON_PROOF_FAILED_TEXT, { reason: result.reason });
      }

      await deps.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO ton_verified_wallets (user_id, address, network, public_key, wallet_version, verified_at)
           VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (user_id, address) DO UPDATE SET network = EXCLUDED.network,
             public_key = EXCLUDED.public_key, wallet_version = EXCLUDED.wallet_version,
             verified_at = EXCLUDED.verified_at`,
          [userId, result.address, body.network, result.publicKey, result.walletVersion, iso(at)],
        );
        await tx.query(
          `INSERT INTO ton_user_wallets (user_id, address, connected_at) VALUES ($1, $2, $3)
           ON CONFLICT (user_id) DO UPDATE SET address = EXCLUDED.address, connected_at = EXCLUDED.connected_at`,
          [userId, result.address, iso(at)],
        );
        await tx.query(
          `UPDATE ton_proof_guard SET failures = 0, captcha_passed_at = NULL, captcha_wallet = NULL
           WHERE user_id = $1`,
          [userId],
        );
      });
      return { success: true, address: result.address };
    },

    addressOf,

    /** The connected wallet as wallets show it (user-friendly, non-bounceable); null when none. */
    async walletAddress(userId: number): Promise<{ wallet_address: string | null }> {
      const raw = await addressOf(userId);
      return { wallet_address: raw ? friendly(raw) : null };
    },

    /** Connects one of the player's verified addresses (any spelling). */
    async setWallet(userId: number, address: string): Promise<{ success: true; wallet_address: string }> {
      const raw = normalizeTonAddress(address);
      if (!raw) throw new AppError('BAD_REQUEST', 'That is not a TON address.');
      const verified = await deps.db.query<{ address: string }>(
        'SELECT address FROM ton_verified_wallets WHERE user_id = $1 AND address = $2',
        [userId, raw],
      );
      if (verified.length === 0) {
        throw new AppError('WALLET_NOT_VERIFIED', 'Connect this wallet through your wallet app first.');
      }
      await deps.db.query(
        `INSERT INTO ton_user_wallets (user_id, address, connected_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET address = EXCLUDED.address, connected_at = EXCLUDED.connected_at`,
        [userId, raw, iso(now())],
      );
      return { success: true, wallet_address: friendly(raw) };
    },

    async disconnect(userId: number): Promise<{ success: true }> {
      await deps.db.query('DELETE FROM ton_user_wallets WHERE user_id = $1', [userId]);
      return { success: true };
    },

    /** The captcha the player must solve before the next proof, or null when none is needed. */
    async uncompletedCaptcha(userId: number): Promise<{ captcha: TonCaptcha | null }> {
      const guard = await guardOf(userId);
      if (guard.failures < captchaAfter || guard.passed) return { captcha: null };
      const open = await openCaptcha(userId);
      if (open) return { captcha: { id: open.id, question: open.question } };
      const at = now();
      const c = makeCaptcha(deps.randomInt);
      const id = randomBytes(12).toString('hex');
      await deps.db.query(
        `INSERT INTO ton_captchas (id, user_id, question, answer, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [id, userId, c.question, c.answer, iso(at), iso(at + captchaTtlMs)],
      );
      return { captcha: { id, question: c.question } };
    },

    async checkCaptcha(userId: number, body: CheckCaptchaBody): Promise<{ success: true }> {
      const wallet = normalizeTonAddress(body.wallet);
      if (!wallet) throw new AppError('BAD_REQUEST', 'That is not a TON address.');
      const open = await openCaptcha(userId, body.id);
      if (!open) throw new AppError('CAPTCHA_WRONG', 'This captcha has expired. Here is a new one.');
      const solved = captchaAnswerMatches(open.answer, body.captcha);
      const at = iso(now());
      // Closing it only if still open makes two racing answers count once.
      const closed = await deps.db.query(
        'UPDATE ton_captchas SET closed_at = $2, solved = $3 WHERE id = $1 AND closed_at IS NULL RETURNING id',
        [open.id, at, solved],
      );
      if (!solved || closed.length === 0) {
        throw new AppError('CAPTCHA_WRONG', 'Wrong answer. Try the new question.');
      }
      await deps.db.query(
        `INSERT INTO ton_proof_guard (user_id, failures, captcha_passed_at, captcha_wallet) VALUES ($1, 0, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET captcha_passed_at = EXCLUDED.captcha_passed_at,
           captcha_wallet = EXCLUDED.captcha_wallet`,
        [userId, at, wallet],
      );
      return { success: true };
    },
  };
}
