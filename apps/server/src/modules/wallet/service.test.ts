import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toFriendlyAddress } from '../../integrations/ton/address.ts';
import { makeTestWallet, signTonProof } from '../../integrations/ton/testing.ts';
import { dbKinds } from '../../testing/harness.ts';
import { type TestDatabase, testDatabase } from '../ton/testing.ts';
import { captchaAnswerMatches, makeCaptcha } from './captcha.ts';
import { tonAllowedDomains } from './domains.ts';
import { createWalletService } from './service.ts';

const DOMAIN = 'wall.example.com';
const ALICE = 101;
const BOB = 102;

let db: TestDatabase;
let clock = 1_800_000_000_000;
/** get_public_key answers, by raw address, for wallets outside the known contracts */
const onChainKeys = new Map<string, string>();
const wallets = () =>
  createWalletService({
    db,
    allowedDomains: [DOMAIN],
    network: '-239',
    walletKeys: async (address) => {
      const key = onChainKeys.get(address);
      return key
        ? { ok: true, publicKey: key }
        : { ok: false, reason: 'the wallet has no get_public_key method' };
    },
    now: () => clock,
    // Deterministic questions: always "What is a + b?" with a = b = 7 → 14.
    randomInt: (min) => (min === 0 ? 0 : 7),
  });

const sec = () => Math.floor(clock / 1000);

async function proofFor(
  userId: number,
  wallet = makeTestWallet(),
  over: { domain?: string; ts?: number } = {},
) {
  const { payload } = await wallets().generatePayload(userId);
  return signTonProof(wallet, { domain: over.domain ?? DOMAIN, payload, timestamp: over.ts ?? sec() });
}

const kinds = await dbKinds();

describe.each(kinds)('wallet on %s', (kind) => {
  beforeAll(async () => {
    db = await testDatabase([ALICE, BOB], kind);
  });
  beforeEach(async () => {
    clock = 1_800_000_000_000;
    await db.query(
      'TRUNCATE ton_proof_payloads, ton_verified_wallets, ton_user_wallets, ton_proof_guard, ton_captchas',
    );
  });
  afterAll(async () => db?.dispose());

  describe('wallet proof', () => {
    it('connects a wallet with a fresh proof and shows it user-friendly, non-bounceable', async () => {
      const w = makeTestWallet();
      const s = wallets();
      expect(await s.walletAddress(ALICE)).toEqual({ wallet_address: null });
      await expect(s.checkProof(ALICE, await proofFor(ALICE, w))).resolves.toMatchObject({ success: true });
      expect(await s.addressOf(ALICE)).toBe(w.address);
      expect(await s.walletAddress(ALICE)).toEqual({
        wallet_address: toFriendlyAddress(w.address, { bounceable: false }),
      });
      expect((await s.walletAddress(ALICE)).wallet_address).toMatch(/^UQ/);
    });

    it('connects a wallet of another contract by its get_public_key, and says why when it has none', async () => {
      const w = makeTestWallet({ unknownCode: true });
      await expect(wallets().checkProof(ALICE, await proofFor(ALICE, w))).rejects.toMatchObject({
        code: 'TON_PROOF_INVALID',
        details: { reason: 'the wallet has no get_public_key method' },
      });
      onChainKeys.set(w.address, w.publicKey);
      await expect(wallets().checkProof(ALICE, await proofFor(ALICE, w))).resolves.toMatchObject({
        success: true,
      });
      expect(await wallets().addressOf(ALICE)).toBe(w.address);
      const rows = await db.query<{ wallet_version: string; public_key: string }>(
        'SELECT wallet_version, public_key FROM ton_verified_wallets WHERE user_id = $1',
        [ALICE],
      );
      expect(rows).toEqual([{ wallet_version: 'other', public_key: w.publicKey }]);
    });

    it('refuses a reused payload', async () => {
      const w = makeTestWallet();
      const proof = await proofFor(ALICE, w);
      await wallets().checkProof(ALICE, proof);
      await expect(wallets().checkProof(ALICE, proof)).rejects.toMatchObject({
        code: 'TON_PROOF_INVALID',
        message: 'Something went wrong. Try later, or try another wallet.',
        details: { reason: 'payload not issued by us, expired or used' },
      });
    });

    it('refuses a payload issued to another player, one we never issued, or an expired one', async () => {
      const w = makeTestWallet();
      const bobs = await proofFor(BOB, w);
      await expect(wallets().checkProof(ALICE, bobs)).rejects.toMatchObject({ code: 'TON_PROOF_INVALID' });
      const invented = signTonProof(w, { domain: DOMAIN, payload: 'f'.repeat(64), timestamp: sec() });
      await expect(wallets().checkProof(ALICE, invented)).rejects.toMatchObject({
        code: 'TON_PROOF_INVALID',
      });
      const old = await proofFor(ALICE, w);
      clock += 16 * 60 * 1000;
      const resigned = signTonProof(w, { domain: DOMAIN, payload: old.proof.payload, timestamp: sec() });
      await expect(wallets().checkProof(ALICE, resigned)).rejects.toMatchObject({
        details: { reason: 'payload not issued by us, expired or used' },
      });
    });

    it('refuses another domain and a stale timestamp', async () => {
      await expect(
        wallets().checkProof(ALICE, await proofFor(ALICE, undefined, { domain: 'evil.example' })),
      ).rejects.toMatchObject({ details: { reason: 'domain not allowed' } });
      await expect(
        wallets().checkProof(ALICE, await proofFor(ALICE, undefined, { ts: sec() - 3600 })),
      ).rejects.toMatchObject({ details: { reason: 'proof is too old' } });
      expect(await wallets().addressOf(ALICE)).toBeNull();
    });

    it('sets only a verified address, in any spelling, and disconnects', async () => {
      const w1 = makeTestWallet();
      const w2 = makeTestWallet();
      const s = wallets();
      await s.checkProof(ALICE, await proofFor(ALICE, w1));
      await s.checkProof(ALICE, await proofFor(ALICE, w2));
      expect(await s.addressOf(ALICE)).toBe(w2.address);
      const friendly = toFriendlyAddress(w1.address, { bounceable: true });
      await expect(s.setWallet(ALICE, friendly)).resolves.toEqual({
        success: true,
        wallet_address: toFriendlyAddress(w1.address, { bounceable: false }),
      });
      expect(await s.addressOf(ALICE)).toBe(w1.address);
      await expect(s.setWallet(BOB, w1.address)).rejects.toMatchObject({ code: 'WALLET_NOT_VERIFIED' });
      await expect(s.setWallet(ALICE, 'garbage')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      await s.disconnect(ALICE);
      expect(await s.walletAddress(ALICE)).toEqual({ wallet_address: null });
      await s.setWallet(ALICE, w2.address);
      expect(await s.addressOf(ALICE)).toBe(w2.address);
    });
  });

  describe('captcha gate', () => {
    async function failProof(userId: number, wallet = makeTestWallet()) {
      const bad = await proofFor(userId, wallet, { domain: 'evil.example' });
      await expect(wallets().checkProof(userId, bad)).rejects.toMatchObject({ code: 'TON_PROOF_INVALID' });
    }

    it('is not asked for until three proofs failed, then guards every proof until one succeeds', async () => {
      const s = wallets();
      const w = makeTestWallet();
      expect(await s.uncompletedCaptcha(ALICE)).toEqual({ captcha: null });
      for (let i = 0; i < 3; i++) await failProof(ALICE, w);

      const good = await proofFor(ALICE, w);
      await expect(s.checkProof(ALICE, good)).rejects.toMatchObject({ code: 'CAPTCHA_REQUIRED' });
      const { captcha } = await s.uncompletedCaptcha(ALICE);
      expect(captcha).toMatchObject({ question: 'What is 7 + 7?' });
      // The same open question until it is answered.
      expect((await s.uncompletedCaptcha(ALICE)).captcha).toEqual(captcha);
      expect(await wallets().uncompletedCaptcha(BOB)).toEqual({ captcha: null });

      // A wrong answer spends the question; the next one is new.
      await expect(s.checkCaptcha(ALICE, { wallet: w.address, captcha: '15' })).rejects.toMatchObject({
        code: 'CAPTCHA_WRONG',
      });
      const second = (await s.uncompletedCaptcha(ALICE)).captcha!;
      expect(second.id).not.toBe(captcha!.id);

      // Solved for another wallet: this one still needs a captcha.
      await s.checkCaptcha(ALICE, { wallet: makeTestWallet().address, captcha: '14', id: second.id });
      await expect(s.checkProof(ALICE, good)).rejects.toMatchObject({ code: 'CAPTCHA_REQUIRED' });

      const third = (await s.uncompletedCaptcha(ALICE)).captcha!;
      await expect(
        s.checkCaptcha(ALICE, {
          wallet: toFriendlyAddress(w.address, { bounceable: false }),
          captcha: ' 14 ',
        }),
      ).resolves.toEqual({ success: true });
      expect(await s.uncompletedCaptcha(ALICE)).toEqual({ captcha: null });
      // Answered once: the same id cannot be answered again.
      await expect(
        s.checkCaptcha(ALICE, { wallet: w.address, captcha: '14', id: third.id }),
      ).rejects.toMatchObject({
        code: 'CAPTCHA_WRONG',
      });

      // The proof that was refused for want of a captcha goes through now (its payload was kept).
      await expect(s.checkProof(ALICE, good)).resolves.toMatchObject({ success: true });
      expect(await s.uncompletedCaptcha(ALICE)).toEqual({ captcha: null });
      await failProof(ALICE, w);
      expect(await s.uncompletedCaptcha(ALICE)).toEqual({ captcha: null });
    });

    it('a failed proof after a solved captcha needs a new captcha', async () => {
      const s = wallets();
      const w = makeTestWallet();
      for (let i = 0; i < 3; i++) await failProof(ALICE, w);
      await s.uncompletedCaptcha(ALICE);
      await s.checkCaptcha(ALICE, { wallet: w.address, captcha: '14' });
      await failProof(ALICE, w);
      expect((await s.uncompletedCaptcha(ALICE)).captcha).not.toBeNull();
    });

    it('questions expire after ten minutes', async () => {
      const s = wallets();
      for (let i = 0; i < 3; i++) await failProof(ALICE);
      const first = (await s.uncompletedCaptcha(ALICE)).captcha!;
      clock += 11 * 60 * 1000;
      await expect(
        s.checkCaptcha(ALICE, { wallet: makeTestWallet().address, captcha: '14', id: first.id }),
      ).rejects.toMatchObject({
        code: 'CAPTCHA_WRONG',
      });
      expect((await s.uncompletedCaptcha(ALICE)).captcha!.id).not.toBe(first.id);
    });
  });
});

describe('captcha questions', () => {
  it('are small sums, differences and products with whole answers', () => {
    for (let i = 0; i < 500; i++) {
      const c = makeCaptcha();
      const m = /^What is (\d+) ([+−×]) (\d+)\?$/.exec(c.question)!;
      const [a, b] = [Number(m[1]), Number(m[3])];
      const expected = m[2] === '+' ? a + b : m[2] === '−' ? a - b : a * b;
      expect(c.answer).toBe(String(expected));
      expect(expected).toBeGreaterThan(0);
    }
    expect(captchaAnswerMatches('14', '+14')).toBe(true);
    expect(captchaAnswerMatches('14', '14.0')).toBe(false);
    expect(captchaAnswerMatches('14', 'fourteen')).toBe(false);
  });
});

describe('allowed domains', () => {
  it('come from PUBLIC_URL (with its port, as wallets name it) plus the configured list', () => {
    expect(tonAllowedDomains('https://Wall.Example.com:8443/app', ['t.me', ' ', 'wall.example.com'])).toEqual(
      ['wall.example.com', 'wall.example.com:8443', 't.me'],
    );
    expect(tonAllowedDomains('https://wall.example.com')).toEqual(['wall.example.com']);
    expect(tonAllowedDomains(null)).toEqual([]);
  });
});
