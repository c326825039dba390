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
import { DEFAULT_PROOF_MAX_AGE_SECONDS } from '../../integrations/ton/limits.ts';
import { verifyTonProofOnline, type WalletKeyLookup } from '../../integrations/ton/proof.ts';
import { captchaAnswerMatches, makeCaptcha, type RandomInt } from './captcha.ts';
import type { GuardRow } from './store.ts';
import * as store from './store.ts';

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

export function createWalletService(deps: WalletServiceDeps) {
  const now = deps.now ?? Date.now;
  const payloadTtlMs = (deps.payloadTtlSeconds ?? 15 * 60) * 1000;
  const captchaTtlMs = (deps.captchaTtlSeconds ?? 10 * 60) * 1000;
  const captchaAfter = deps.captchaAfterFailures ?? 3;
  // A solved captcha admits the next proof only while it is this fresh.
  const captchaPassTtlMs = 15 * 60 * 1000;
  const testOnly = deps.network === TON_NETWORK.testnet;

  const friendly = (raw: string) => toFriendlyAddress(raw, { bounceable: false, testOnly });

  async function guardOf(userId: number): Promise<GuardRow> {
    return (
      (await store.guardOf(deps.db, userId, iso(now() - captchaPassTtlMs))) ?? {
        failures: 0,
        passed: false,
        captcha_wallet: null,
      }
    );
  }

  async function recordFailure(userId: number): Promise<void> {
    await store.recordFailure(deps.db, userId, iso(now()));
  }

  async function openCaptcha(userId: number, id?: string) {
    return (await store.openCaptcha(deps.db, userId, iso(now()), id ?? null)) ?? null;
  }

  /** The connected wallet, raw (`0:hex`), for other modules; null when none. */
  async function addressOf(userId: number): Promise<string | null> {
    return store.connectedAddress(deps.db, userId);
  }

  return {
    async generatePayload(userId: number): Promise<{ payload: string }> {
      const at = now();
      // Expired payloads are worthless; clearing them here keeps the table small without a job.
      await store.dropExpiredPayloads(deps.db, iso(at - 86_400_000));
      const payload = randomBytes(32).toString('hex');
      await store.insertPayload(deps.db, payload, userId, iso(at), iso(at + payloadTtlMs));
      return { payload };
    },

    async checkProof(userId: number, body: TonProofBody): Promise<{ success: true; address: string }> {
      const claimed = normalizeTonAddress(body.address);
      const guard = await guardOf(userId);
      if (guard.failures >= captchaAfter && !(guard.passed && guard.captcha_wallet === claimed)) {
        // A pass for another wallet is spent too, so the player gets a fresh question.
        if (guard.passed) {
          await store.forgetCaptchaPass(deps.db, userId);
        }
        throw new AppError('CAPTCHA_REQUIRED', 'Solve the captcha first, then connect the wallet again.');
      }

      // The payload is spent by this attempt whatever its outcome: one proof per payload.
      const at = now();
      const issued = await store.spendPayload(deps.db, body.proof.payload, userId, iso(at));

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
        await store.saveVerifiedWallet(tx, {
          userId,
          address: result.address,
          network: body.network,
          publicKey: result.publicKey,
          walletVersion: result.walletVersion,
          verifiedAt: iso(at),
        });
        await store.connectWallet(tx, userId, result.address, iso(at));
        await store.resetGuard(tx, userId);
      });
      return { success: true, address: result.address };
    },

    addressOf,

    /**
     * The player sent the wallet-verification transfer from `address` (raw): only its owner could,
     * so it is verified and connected as a ton_proof would. Such a wallet has no public key on
     * record and its version is noted as 'transfer'.
     */
    async verifiedByTransfer(userId: number, address: string): Promise<void> {
      const raw = normalizeTonAddress(address);
      if (!raw) throw new RangeError('not a TON address');
      const at = iso(now());
      await deps.db.transaction(async (tx) => {
        if (!(await store.isVerified(tx, userId, raw))) {
          await store.saveVerifiedWallet(tx, {
            userId,
            address: raw,
            network: deps.network,
            publicKey: '',
            walletVersion: 'transfer',
            verifiedAt: at,
          });
        }
        await store.connectWallet(tx, userId, raw, at);
      });
    },

    /** The connected wallet as wallets show it (user-friendly, non-bounceable); null when none. */
    async walletAddress(userId: number): Promise<{ wallet_address: string | null }> {
      const raw = await addressOf(userId);
      return { wallet_address: raw ? friendly(raw) : null };
    },

    /** Connects one of the player's verified addresses (any spelling). */
    async setWallet(userId: number, address: string): Promise<{ success: true; wallet_address: string }> {
      const raw = normalizeTonAddress(address);
      if (!raw) throw new AppError('BAD_REQUEST', 'That is not a TON address.');
      if (!(await store.isVerified(deps.db, userId, raw))) {
        throw new AppError('WALLET_NOT_VERIFIED', 'Connect this wallet through your wallet app first.');
      }
      await store.connectWallet(deps.db, userId, raw, iso(now()));
      return { success: true, wallet_address: friendly(raw) };
    },

    async disconnect(userId: number): Promise<{ success: true }> {
      await store.disconnectWallet(deps.db, userId);
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
      await store.insertCaptcha(deps.db, {
        id,
        userId,
        question: c.question,
        answer: c.answer,
        createdAt: iso(at),
        expiresAt: iso(at + captchaTtlMs),
      });
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
      const closed = await store.closeCaptcha(deps.db, open.id, at, solved);
      if (!solved || !closed) {
        throw new AppError('CAPTCHA_WRONG', 'Wrong answer. Try the new question.');
      }
      await store.recordCaptchaPass(deps.db, userId, at, wallet);
      return { success: true };
    },
  };
}
