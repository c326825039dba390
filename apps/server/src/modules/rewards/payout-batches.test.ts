import { randomBytes } from 'node:crypto';
import { keyPairFromSeed } from '@ton/crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeTonIndexer, startFakeTonIndexer } from '../../../../../tools/src/fakes/ton-indexer.ts';
import {
  type BatchPayoutService,
  createBatchPayoutServiceForWallet,
} from '../../integrations/ton/batch-payout.ts';
import {
  type HighloadWalletKey,
  highloadQueryId,
  highloadWalletOfKey,
} from '../../integrations/ton/highload.ts';
import { type EconomyHarness, startEconomy } from '../shop/testing.ts';
import { createPayoutJob, type PayoutCurrency, type PayoutJobDeps } from './payouts.ts';
import { grantToken } from './service.ts';

const PX_MASTER = `0:${'ab'.repeat(32)}`;
const CURRENCIES = new Map<number, PayoutCurrency>([
  [2, { decimals: 9, jettonMaster: null }],
  [10, { decimals: 9, jettonMaster: PX_MASTER }],
]);
const quiet = { info() {}, warn() {}, error() {} };
const TIMEOUT = 3600;

describe('the payout job with a highload wallet (batches)', () => {
  let h: EconomyHarness;
  let fake: FakeTonIndexer;
  let clock = 1_800_000_000_000;
  const now = () => clock;
  let wallet: HighloadWalletKey;
  const playerWallets = new Map<number, string>();
  let nextUser = 7000;

  beforeAll(async () => {
    h = await startEconomy();
    fake = await startFakeTonIndexer({ now });
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    fake.reset();
    wallet = highloadWalletOfKey(keyPairFromSeed(randomBytes(32)), { timeout: TIMEOUT });
    fake.fundWallet(wallet.address, 10_000_000_000n);
    fake.fundJetton(wallet.address, PX_MASTER, 1_000_000_000_000n);
    // Earlier tests' claims are not this wallet's business.
    await h.db.query(`UPDATE rewards SET status = 'success' WHERE status = 'pending'`);
  });

  const service = (over: Partial<BatchPayoutService> = {}): BatchPayoutService => ({
    ...createBatchPayoutServiceForWallet(wallet, { baseUrl: fake.url, now, graceMs: 30_000, maxMessages: 3 }),
    ...over,
  });

  const job = (over: Partial<PayoutJobDeps> = {}) =>
    createPayoutJob({
      db: h.db,
      payout: service(),
      currencies: CURRENCIES,
      addressOf: async (id) => playerWallets.get(id) ?? null,
      log: quiet,
      now,
      ...over,
    });

  async function player(): Promise<{ id: number; address: string }> {
    const id = await h.player(nextUser++);
    const address = `0:${randomBytes(32).toString('hex')}`;
    playerWallets.set(id, address);
    return { id, address };
  }

  async function claimed(userId: number, amount: string, currencyId = 10) {
    const id = await grantToken(h.db, userId, { amount, name: 'Pixel reward', source: 'test', currencyId });
    await h.economy.rewards.startTokenAction(userId, id, 'claim');
    return id;
  }

  const statusOf = async (id: number) =>
    (await h.db.query<{ status: string }>('SELECT status FROM rewards WHERE id = $1', [id]))[0]!.status;

  const batches = () =>
    h.db.query<{
      id: string;
      query_id: number;
      created_at: string;
      timeout: number;
      state: string;
      sends: number;
    }>(
      'SELECT id, query_id, created_at, timeout, state, sends FROM payout_batches WHERE wallet = $1 ORDER BY id',
      [wallet.address],
    );

  const batchOf = async (rewardId: number) =>
    (
      await h.db.query<{ batch_id: string | null }>(
        'SELECT batch_id FROM reward_payouts WHERE reward_id = $1',
        [rewardId],
      )
    )[0]?.batch_id ?? null;

  it('sends claims in batches: recorded with query_id and created_at, sent, confirmed, paid once', async () => {
    const a = await player();
    const b = await player();
    const ids = [
      await claimed(a.id, '4.5'),
      await claimed(b.id, '1'),
      await claimed(a.id, '0.25', 2),
      await claimed(b.id, '2'),
    ];
    expect(await job().runOnce()).toEqual({ sent: 4, burned: 0, deferred: 0 });
    // Two batches (three messages at most each), each with its own query id.
    const rows = await batches();
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r).toMatchObject({
        query_id: highloadQueryId(Number(r.id)),
        timeout: TIMEOUT,
        state: 'confirmed',
      });
      expect(Number(r.created_at)).toBe(Math.floor(clock / 1000) - 30);
    }
    expect(rows[0]!.query_id).not.toBe(rows[1]!.query_id);
    expect(fake.sent).toHaveLength(4);
    expect(fake.sent.map((s) => s.seqno)).toEqual([
      rows[0]!.query_id,
      rows[0]!.query_id,
      rows[0]!.query_id,
      rows[1]!.query_id,
    ]);
    expect(fake.sent[0]).toMatchObject({
      to: a.address,
      jettonMaster: PX_MASTER,
      jettonAmount: '4500000000',
    });
    expect(fake.sent[2]).toMatchObject({ to: a.address, nanotons: '250000000', jettonMaster: null });
    for (const id of ids) expect(await statusOf(id)).toBe('success');
    expect(await batchOf(ids[0]!)).toBe(rows[0]!.id);
    expect(await batchOf(ids[3]!)).toBe(rows[1]!.id);
    // Nothing left: a second run sends nothing.
    expect(await job().runOnce()).toEqual({ sent: 0, burned: 0, deferred: 0 });
    expect(fake.sent).toHaveLength(4);
  });

  it('a crash between recording and sending: the next run sends the SAME recorded message', async () => {
    const a = await player();
    const id = await claimed(a.id, '3');
    // The process dies right after the batch is recorded, before anything goes out: here the
    // database write after the send fails, and the send itself does nothing.
    const crash = new Error('process died');
    const db = h.db;
    const dying = {
      query: (async (sql: string, params?: unknown[]) => {
        if (sql.includes("SET state = 'sent'")) throw crash;
        return db.query(sql, params as never);
      }) as typeof db.query,
      transaction: db.transaction.bind(db),
    };
    await expect(job({ db: dying, payout: service({ submit: async () => {} }) }).runOnce()).rejects.toBe(
      crash,
    );
    const [recorded] = await batches();
    expect(recorded).toMatchObject({ state: 'recorded', sends: 0 });
    expect(await batchOf(id)).toBe(recorded!.id);
    expect(fake.sent).toHaveLength(0);

    // Restart: the recorded batch goes out as it was signed, and is confirmed.
    expect(await job().runOnce()).toEqual({ sent: 1, burned: 0, deferred: 0 });
    expect(await batches()).toEqual([
      expect.objectContaining({ id: recorded!.id, state: 'confirmed', sends: 1 }),
    ]);
    expect(fake.sent).toEqual([
      expect.objectContaining({ seqno: recorded!.query_id, jettonAmount: '3000000000' }),
    ]);
    expect(await statusOf(id)).toBe('success');
  });

  it('re-sending an unconfirmed batch never pays twice: the wallet refuses its query_id again', async () => {
    const a = await player();
    const id = await claimed(a.id, '5');
    // The indexer lags: it does not show the batch for a while.
    let blind = 5;
    const real = service();
    const lagging = service({ check: async (b) => (blind-- > 0 ? { state: 'waiting' } : real.check(b)) });
    const j = job({ payout: lagging });
    expect(await j.runOnce()).toEqual({ sent: 0, burned: 0, deferred: 0 });
    expect(fake.sent).toHaveLength(1);
    // Too soon to send again; then, 30 s on, the same message goes again and the wallet refuses it.
    expect((await j.runOnce()).sent).toBe(0);
    clock += 30_000;
    expect((await j.runOnce()).sent).toBe(0);
    const [b] = await h.db.query<{ sends: number; last_error: string | null; state: string }>(
      'SELECT sends, last_error, state FROM payout_batches WHERE wallet = $1',
      [wallet.address],
    );
    expect(b).toMatchObject({ sends: 2, state: 'sent' });
    expect(b!.last_error).toMatch(/already executed/);
    expect(fake.sent).toHaveLength(1);
    // The indexer catches up: paid, once.
    expect(await j.runOnce()).toEqual({ sent: 1, burned: 0, deferred: 0 });
    expect(await statusOf(id)).toBe('success');
    expect(fake.sent).toHaveLength(1);
  });

  it('a batch lost unseen past created_at + timeout frees its claims for a new batch', async () => {
    const a = await player();
    const id = await claimed(a.id, '6');
    // Sent into the void: toncenter took it, the network dropped it.
    expect(await job({ payout: service({ submit: async () => {} }) }).runOnce()).toEqual({
      sent: 0,
      burned: 0,
      deferred: 0,
    });
    const [first] = await batches();
    // Within the timeout it stays this batch's (sent again, never a second batch).
    clock += (TIMEOUT - 60) * 1000;
    const dropping = job({ payout: service({ submit: async () => {} }) });
    expect((await dropping.runOnce()).sent).toBe(0);
    expect(await batches()).toHaveLength(1);
    // Past created_at + timeout + grace it can never land: freed, and later paid from a new batch.
    clock += 120_000;
    expect((await job().runOnce()).sent).toBe(0);
    expect((await batches())[0]).toMatchObject({ id: first!.id, state: 'lost' });
    expect(await batchOf(id)).toBeNull();
    clock += 10 * 60_000 + 1;
    expect(await job().runOnce()).toEqual({ sent: 1, burned: 0, deferred: 0 });
    const rows = await batches();
    expect(rows).toHaveLength(2);
    expect(rows[1]!.query_id).not.toBe(first!.query_id);
    expect(fake.sent).toHaveLength(1);
    expect(await statusOf(id)).toBe('success');
  });

  it('a message the wallet could not pay for is retried alone; the rest of the batch is paid', async () => {
    const a = await player();
    const cheap = await claimed(a.id, '1', 2);
    const dear = await claimed(a.id, '9.9', 2);
    // The balance covers the build-time check, but not what is left when the batch runs.
    const real = service();
    const j = job({
      payout: service({
        build: async (t) => {
          const built = await real.build(t);
          fake.setBalance(wallet.address, 1_500_000_000n);
          return built;
        },
      }),
    });
    expect((await j.runOnce()).sent).toBe(1);
    expect(await statusOf(cheap)).toBe('success');
    expect(await statusOf(dear)).toBe('pending');
    expect(await batchOf(dear)).toBeNull();
  });

  it('a landed batch whose sent messages match no claim holds its claims instead of freeing them', async () => {
    const a = await player();
    const id = await claimed(a.id, '1');
    const real = service();
    const errors: string[] = [];
    const j = job({
      log: { ...quiet, error: (_o: object, msg: string) => errors.push(msg) },
      payout: service({
        check: async (b) => {
          const seen = await real.check(b);
          // As if the indexer reported the body hashes some other way.
          return seen.state === 'landed' ? { ...seen, sent: seen.sent.map((k) => `${k}x`) } : seen;
        },
      }),
    });
    expect((await j.runOnce()).sent).toBe(0);
    expect(errors).toEqual(['payout batch landed with unmatched messages; held']);
    const [b] = await h.db.query<{ state: string; last_error: string }>(
      'SELECT state, last_error FROM payout_batches WHERE wallet = $1',
      [wallet.address],
    );
    expect(b).toEqual({ state: 'confirmed', last_error: 'held: 1 rewards unmatched' });
    // Never sent again: it stays in its batch, pending, for an operator to look at.
    clock += 3600_000;
    await job().runOnce();
    expect(fake.sent).toHaveLength(1);
    expect(await statusOf(id)).toBe('pending');
    expect(await batchOf(id)).not.toBeNull();
  });

  it('a claim the wallet cannot cover (with fees) waits, and no batch is recorded for it', async () => {
    const a = await player();
    const id = await claimed(a.id, '1', 2);
    // 1 TON + the batch's 0.05 to itself + 0.02 reserve + 0.005 per message is more than this.
    fake.setBalance(wallet.address, 1_070_000_000n);
    expect(await job().runOnce()).toEqual({ sent: 0, burned: 0, deferred: 1 });
    expect(await batches()).toEqual([]);
    const [row] = await h.db.query<{ last_error: string }>(
      'SELECT last_error FROM reward_payouts WHERE reward_id = $1',
      [id],
    );
    expect(row!.last_error).toMatch(/too few/);
    fake.setBalance(wallet.address, 1_075_000_000n);
    clock += 10 * 60_000 + 1;
    expect((await job().runOnce()).sent).toBe(1);
  });

  it('two jobs at once: each claim goes into exactly one batch and is paid once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await claimed((await player()).id, String(i + 1)));
    await Promise.all([job().runOnce(), job().runOnce()]);
    await job().runOnce();
    expect(fake.sent).toHaveLength(3);
    for (const id of ids) expect(await statusOf(id)).toBe('success');
    const inBatches = await h.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM reward_payouts p JOIN payout_batches b ON b.id = p.batch_id
       WHERE b.wallet = $1 AND b.state = 'confirmed'`,
      [wallet.address],
    );
    expect(inBatches[0]!.n).toBe('3');
  });
});
