import { randomBytes } from 'node:crypto';
import { keyPairFromSeed } from '@ton/crypto';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeTonIndexer, startFakeTonIndexer } from '../../../../../tools/src/fakes/ton-indexer.ts';
import type { App } from '../../http.ts';
import { createPayoutServiceForWallet, type PayoutService } from '../../integrations/ton/payout.ts';
import { type PayoutWalletKey, walletV4R2 } from '../../integrations/ton/payout-wallet.ts';
import { type EconomyHarness, startEconomy } from '../shop/testing.ts';
import { createPayoutJob, type PayoutCurrency, type PayoutJobDeps } from './payouts.ts';
import { grantToken } from './service.ts';

const PX_MASTER = `0:${'ab'.repeat(32)}`;
const CURRENCIES = new Map<number, PayoutCurrency>([
  [2, { decimals: 9, jettonMaster: null }],
  [4, { decimals: 6, jettonMaster: `0:${'cd'.repeat(32)}` }],
  [10, { decimals: 9, jettonMaster: PX_MASTER }],
]);
const quiet = { info() {}, warn() {}, error() {} };

describe('the payout job', () => {
  let h: EconomyHarness;
  let fake: FakeTonIndexer;
  let clock = 1_800_000_000_000;
  const now = () => clock;
  let wallet: PayoutWalletKey;
  const playerWallets = new Map<number, string>();
  let nextUser = 6000;

  beforeAll(async () => {
    h = await startEconomy();
    fake = await startFakeTonIndexer({ now });
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.reset();
    const keyPair = keyPairFromSeed(randomBytes(32));
    wallet = { keyPair, ...walletV4R2(keyPair.publicKey) };
    fake.fundWallet(wallet.address, 10_000_000_000n);
    fake.fundJetton(wallet.address, PX_MASTER, 1_000_000_000_000n);
  });

  const service = (): PayoutService =>
    createPayoutServiceForWallet(wallet, {
      baseUrl: fake.url,
      now,
      pollMs: 5,
      sleep: async () => {
        clock += 1000;
      },
      validitySeconds: 60,
      graceMs: 30_000,
      confirmTimeoutMs: 5_000,
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

  async function player(withWallet = true): Promise<{ id: number; address: string }> {
    const id = await h.player(nextUser++);
    const address = `0:${randomBytes(32).toString('hex')}`;
    if (withWallet) playerWallets.set(id, address);
    return { id, address };
  }

  async function claimed(
    userId: number,
    amount: string,
    action: 'claim' | 'burn' = 'claim',
    currencyId = 10,
  ) {
    const id = await grantToken(h.db, userId, { amount, name: 'Pixel reward', source: 'test', currencyId });
    await h.economy.rewards.startTokenAction(userId, id, action);
    return id;
  }

  const stateOf = async (id: number) =>
    (
      await h.db.query<{ status: string | null; hash: string | null }>(
        'SELECT status, hash FROM rewards WHERE id = $1',
        [id],
      )
    )[0]!;

  it('sends a claimed PX reward once as a jetton transfer and marks it done with the hash', async () => {
    const p = await player();
    const id = await claimed(p.id, '4.5');
    expect(await job().runOnce()).toEqual({ sent: 1, burned: 0, deferred: 0 });
    expect(fake.sent).toEqual([
      expect.objectContaining({
        wallet: wallet.address,
        to: p.address,
        jettonMaster: PX_MASTER,
        jettonAmount: '4500000000',
        queryId: String(id),
        comment: `Pixel Wall reward #${id}: 4.5`,
      }),
    ]);
    expect(await stateOf(id)).toEqual({ status: 'success', hash: fake.sent[0]!.txHash });
    expect(await job().runOnce()).toEqual({ sent: 0, burned: 0, deferred: 0 });
    expect(fake.sent).toHaveLength(1);
    const list = (
      await h.app.inject({ method: 'GET', url: `/api/v1/rewards/tokens/${p.id}`, headers: h.as(p.id) })
    ).json() as { list: { id: number; status: string; hash: string }[] };
    expect(list.list.find((r) => r.id === id)).toMatchObject({
      status: 'success',
      hash: fake.sent[0]!.txHash,
    });
  });

  it('pays TON rewards in nanotons; a burn is done without sending; without a wallet it waits', async () => {
    const rich = await player();
    const ton = await claimed(rich.id, '0.25', 'claim', 2);
    const burnt = await claimed(rich.id, '7', 'burn');
    const walletless = await player(false);
    const waiting = await claimed(walletless.id, '1');
    const j = job();
    expect(await j.runOnce()).toEqual({ sent: 1, burned: 1, deferred: 1 });
    expect(fake.sent).toEqual([
      expect.objectContaining({ to: rich.address, nanotons: '250000000', jettonMaster: null }),
    ]);
    expect(await stateOf(burnt)).toEqual({ status: 'success', hash: null });
    expect((await stateOf(ton)).status).toBe('success');
    expect(await stateOf(waiting)).toEqual({ status: 'pending', hash: null });
    const note = await h.db.query<{ last_error: string }>(
      'SELECT last_error FROM reward_payouts WHERE reward_id = $1',
      [waiting],
    );
    expect(note[0]?.last_error).toBe('no TON wallet connected');

    // The player connects a wallet: the next try after the retry delay pays.
    playerWallets.set(walletless.id, walletless.address);
    expect((await j.runOnce()).sent).toBe(0);
    clock += 10 * 60_000 + 1;
    expect((await j.runOnce()).sent).toBe(1);
    expect((await stateOf(waiting)).status).toBe('success');
  });

  it('without a payout wallet it finishes burns and leaves claims pending', async () => {
    const p = await player();
    const claim = await claimed(p.id, '2');
    const burn = await claimed(p.id, '2', 'burn');
    const off = job({ payout: null });
    expect(off.enabled).toBe(false);
    expect(await off.runOnce()).toEqual({ sent: 0, burned: 1, deferred: 0 });
    expect((await stateOf(claim)).status).toBe('pending');
    expect((await stateOf(burn)).status).toBe('success');
    expect(fake.sent).toHaveLength(0);
  });

  it('sends each reward once when two jobs run at the same time', async () => {
    const p = await player();
    const ids = [await claimed(p.id, '1'), await claimed(p.id, '2'), await claimed(p.id, '3')];
    const a = job();
    const b = job();
    await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    // A message refused for a seqno the other job used waits until it has provably expired.
    for (let round = 0; round < 4; round++) {
      clock += 11 * 60_000;
      await Promise.all([a.runOnce(), b.runOnce()]);
    }
    // (The claim the payout-less test left pending goes out here too.)
    const sentIds = fake.sent.map((s) => Number(s.queryId));
    expect(new Set(sentIds).size).toBe(sentIds.length);
    for (const id of ids) {
      expect(sentIds.filter((x) => x === id)).toHaveLength(1);
      expect((await stateOf(id)).status).toBe('success');
    }
    expect(fake.seqnoOf(wallet.address)).toBe(sentIds.length);
  });

  it('two jobs that sign different rewards for one seqno: one lands, the other is sent again later', async () => {
    const p = await player();
    const ids = [await claimed(p.id, '1'), await claimed(p.id, '2')];
    const signal = () => {
      let fire: () => void = () => {};
      const fired = new Promise<void>((r) => {
        fire = r;
      });
      return { fire, fired: Promise.race([fired, new Promise<void>((r) => setTimeout(r, 3000))]) };
    };
    const bPrepared = signal();
    const aLanded = signal();
    const realA = service();
    const realB = service();
    // A holds its first message until B has signed; B submits only after A landed.
    const a: PayoutService = {
      walletAddress: realA.walletAddress,
      check: (x) => realA.check(x),
      async send(t, hooks) {
        const r = await realA.send(t, {
          prepared: async (prep) => {
            const ok = (await hooks?.prepared?.(prep)) ?? true;
            if (ok) await bPrepared.fired;
            return ok;
          },
        });
        aLanded.fire();
        return r;
      },
    };
    const b: PayoutService = {
      walletAddress: realB.walletAddress,
      check: (x) => realB.check(x),
      send: (t, hooks) =>
        realB.send(t, {
          prepared: async (prep) => {
            const ok = (await hooks?.prepared?.(prep)) ?? true;
            if (ok) {
              bPrepared.fire();
              await aLanded.fired;
            }
            return ok;
          },
        }),
    };
    await Promise.all([job({ payout: a }).runOnce(), job({ payout: b }).runOnce()]);
    const messages = fake.requests.filter((r) => r === '/api/v3/message').length;
    expect(messages).toBe(2);
    expect(fake.sent).toHaveLength(1);
    const reserved = await h.db.query<{ reward_id: number; seqno: number }>(
      'SELECT reward_id, seqno FROM reward_payouts WHERE reward_id = ANY($1) AND seqno IS NOT NULL',
      [ids],
    );
    expect(reserved.map((r) => Number(r.seqno))).toEqual([0, 0]);

    const j = job();
    // A's landed and is done; B's might still land until it expires: nothing moves before that.
    expect(await j.runOnce()).toEqual({ sent: 0, burned: 0, deferred: 0 });
    expect(fake.sent).toHaveLength(1);
    clock += 91_000;
    await j.runOnce();
    clock += 10 * 60_000 + 1;
    await j.runOnce();
    expect(fake.sent.map((x) => Number(x.queryId)).sort()).toEqual(ids);
    for (const id of ids) expect((await stateOf(id)).status).toBe('success');
  });

  it('after a crash between submitting and recording, it finds the transfer instead of sending again', async () => {
    const p = await player();
    const id = await claimed(p.id, '5');
    const real = service();
    const crashing: PayoutService = {
      walletAddress: real.walletAddress,
      check: (x) => real.check(x),
      async send(t, hooks) {
        await real.send(t, hooks);
        throw new Error('process killed');
      },
    };
    await job({ payout: crashing }).runOnce();
    expect(fake.sent).toHaveLength(1);
    expect((await stateOf(id)).status).toBe('pending');
    expect(await job().runOnce()).toEqual({ sent: 1, burned: 0, deferred: 0 });
    expect(await stateOf(id)).toEqual({ status: 'success', hash: fake.sent[0]!.txHash });
    expect(fake.sent).toHaveLength(1);
  });

  it('after a crash between recording and submitting, it sends once the recorded message has expired', async () => {
    const p = await player();
    const id = await claimed(p.id, '6');
    const real = service();
    const dying: PayoutService = {
      walletAddress: real.walletAddress,
      check: (x) => real.check(x),
      send: (t, hooks) =>
        real.send(t, {
          prepared: async (prep) => {
            await hooks?.prepared?.(prep);
            throw new Error('process killed');
          },
        }),
    };
    await job({ payout: dying }).runOnce();
    expect(fake.sent).toHaveLength(0);
    // The recorded message might still be on its way: nothing new goes out until it expires.
    expect(await job().runOnce()).toEqual({ sent: 0, burned: 0, deferred: 0 });
    clock += 91_000;
    const j = job();
    await j.runOnce();
    clock += 10 * 60_000 + 1;
    await j.runOnce();
    expect(fake.sent.map((s) => Number(s.queryId))).toEqual([id]);
    expect((await stateOf(id)).status).toBe('success');
  });

  it('keeps a reward it cannot afford pending and says why', async () => {
    const p = await player();
    const id = await claimed(p.id, '2000');
    const r = await job().runOnce();
    expect(r).toEqual({ sent: 0, burned: 0, deferred: 1 });
    const row = await h.db.query<{ last_error: string; seqno: number | null }>(
      'SELECT last_error, seqno FROM reward_payouts WHERE reward_id = $1',
      [id],
    );
    expect(row[0]).toMatchObject({ seqno: null, last_error: expect.stringMatching(/holds/) });
    expect((await stateOf(id)).status).toBe('pending');
  });

  it('tells the client whether payouts run, and from which wallet', async () => {
    const app: App = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    job().register(app);
    await app.ready();
    const on = (await app.inject({ method: 'GET', url: '/api/v1/rewards/payouts' })).json();
    expect(on).toEqual({ enabled: true, wallet: expect.stringMatching(/^UQ[A-Za-z0-9_-]{46}$/) });
    await app.close();
    const offApp: App = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    offApp.setValidatorCompiler(validatorCompiler);
    offApp.setSerializerCompiler(serializerCompiler);
    job({ payout: null }).register(offApp);
    await offApp.ready();
    expect((await offApp.inject({ method: 'GET', url: '/api/v1/rewards/payouts' })).json()).toEqual({
      enabled: false,
      wallet: null,
    });
    await offApp.close();
  });
});
