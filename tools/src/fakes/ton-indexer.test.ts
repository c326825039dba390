import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toFriendlyAddress } from '../../../apps/server/src/integrations/ton/address.ts';
import { createToncenterIndexer } from '../../../apps/server/src/integrations/ton/indexer.ts';
import { type FakeTonIndexer, startFakeTonIndexer } from './ton-indexer.ts';

const WALLET = `0:${randomBytes(32).toString('hex')}`;
const BUYER = `0:${randomBytes(32).toString('hex')}`;
const USDT = 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs';
const NOT = 'EQAvlWFDxGF2lXm67y4yzC17wYKD9A0guwPkMs1gOsM__NOT';
const KEY = 'test-key-1';

let fake: FakeTonIndexer;
beforeAll(async () => {
  fake = await startFakeTonIndexer({ apiKey: KEY, now: () => 1_800_000_000_000 });
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

async function get(path: string, key: string | null = KEY) {
  const res = await fetch(`${fake.url}${path}`, { headers: key ? { 'x-api-key': key } : {} });
  return { status: res.status, body: (await res.json()) as Record<string, unknown[]> & { error?: string } };
}

describe('fake toncenter v3', () => {
  it('serves added TON transfers in toncenter shapes', async () => {
    const added = fake.addTonTransfer({ from: BUYER, to: WALLET, nanotons: 60_000_000n, comment: 'PW-1' });
    expect(Buffer.from(added.hash, 'base64').toString('hex')).toBe(added.hashHex);
    const { status, body } = await get(
      `/api/v3/transactions?account=${toFriendlyAddress(WALLET, { bounceable: true })}`,
    );
    expect(status).toBe(200);
    expect(body.transactions).toHaveLength(1);
    expect(body.transactions![0]).toMatchObject({
      account: WALLET.toUpperCase().replace('0X', '0x'),
      hash: added.hash,
      lt: added.lt,
      now: 1_800_000_000,
      description: { aborted: false },
      in_msg: {
        source: BUYER.toUpperCase(),
        value: '60000000',
        opcode: '0x00000000',
        bounced: false,
        message_content: { decoded: { type: 'text_comment', comment: 'PW-1' } },
      },
    });
  });

  it('filters by account, lt and time, sorts (desc by default), pages', async () => {
    const lts = [1, 2, 3, 4].map((i) => fake.addTonTransfer({ from: BUYER, to: WALLET, nanotons: i }).lt);
    fake.addTonTransfer({ from: WALLET, to: BUYER, nanotons: 9 });
    const list = async (q: string) =>
      ((await get(`/api/v3/transactions?account=${WALLET}${q}`)).body.transactions as { lt: string }[]).map(
        (t) => t.lt,
      );
    expect(await list('')).toEqual([...lts].reverse());
    expect(await list('&sort=asc&limit=2&offset=1')).toEqual(lts.slice(1, 3));
    expect(await list(`&sort=asc&start_lt=${lts[2]}`)).toEqual(lts.slice(2));
    expect(await list(`&sort=asc&end_lt=${lts[0]}`)).toEqual(lts.slice(0, 1));
    expect(await list('&start_utime=1800000001')).toEqual([]);
    expect((await get(`/api/v3/transactions?account=${WALLET}&limit=0`)).status).toBe(422);
    expect((await get('/api/v3/transactions?account=nope')).status).toBe(422);
  });

  it('serves jetton transfers by owner and direction, plus the notification the receiver gets', async () => {
    const a = fake.addJettonTransfer({
      from: BUYER,
      to: WALLET,
      jettonMaster: USDT,
      amount: '300000',
      comment: 'PW-2',
    });
    fake.addJettonTransfer({ from: BUYER, to: WALLET, jettonMaster: NOT, amount: '5' });
    fake.addJettonTransfer({ from: WALLET, to: BUYER, jettonMaster: USDT, amount: '7' });
    const incoming = (await get(`/api/v3/jetton/transfers?owner_address=${WALLET}&direction=in&sort=asc`))
      .body.jetton_transfers as Record<string, unknown>[];
    expect(incoming).toHaveLength(2);
    expect(incoming[0]).toMatchObject({
      source: BUYER.toUpperCase(),
      destination: WALLET.toUpperCase(),
      amount: '300000',
      transaction_hash: a.hash,
      transaction_lt: a.lt,
      transaction_aborted: false,
      forward_ton_amount: '10000000',
      decoded_forward_payload: { type: 'text_comment', comment: 'PW-2' },
    });
    expect(incoming[1]!.forward_payload).toBeNull();
    const onlyUsdt = await get(
      `/api/v3/jetton/transfers?owner_address=${WALLET}&direction=in&jetton_master=${USDT}`,
    );
    expect(onlyUsdt.body.jetton_transfers).toHaveLength(1);
    expect(
      (await get(`/api/v3/jetton/transfers?owner_address=${WALLET}&direction=out`)).body.jetton_transfers,
    ).toHaveLength(1);
    expect(
      (await get(`/api/v3/jetton/transfers?owner_address=${WALLET}`)).body.jetton_transfers,
    ).toHaveLength(3);
    const notifications = (await get(`/api/v3/transactions?account=${WALLET}`)).body.transactions as {
      in_msg: { opcode: string; value: string };
    }[];
    expect(notifications.map((t) => [t.in_msg.opcode, t.in_msg.value])).toEqual([
      ['0x7362d09c', '10000000'],
      ['0x7362d09c', '10000000'],
    ]);
  });

  it('wants the API key when it has one; the control API does not', async () => {
    expect((await get(`/api/v3/transactions?account=${WALLET}`, null)).status).toBe(401);
    expect((await get(`/api/v3/transactions?account=${WALLET}`, 'wrong')).status).toBe(401);
    const res = await fetch(`${fake.url}/_fake/ton-transfers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: BUYER, to: WALLET, nanotons: '123', comment: 'PW-3' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ hash: expect.any(String), lt: expect.any(String) });
    const bad = await fetch(`${fake.url}/_fake/ton-transfers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: 'x', to: WALLET, nanotons: '1' }),
    });
    expect(bad.status).toBe(400);
    expect((await get('/api/v3/nothing')).status).toBe(404);
  });

  it("is read correctly by the server's toncenter client", async () => {
    const t = fake.addTonTransfer({ from: BUYER, to: WALLET, nanotons: '60000000', comment: 'PW-4' });
    const j = fake.addJettonTransfer({
      from: BUYER,
      to: WALLET,
      jettonMaster: USDT,
      amount: '300000',
      comment: 'PW-5',
    });
    const indexer = createToncenterIndexer({ baseUrl: fake.url, apiKey: KEY });
    const txs = await indexer.transactions({ account: WALLET, limit: 10 });
    expect(txs.items.map((i) => [i.hash, i.amount, i.comment])).toEqual([
      [t.hashHex, 60_000_000n, 'PW-4'],
      [expect.any(String), 10_000_000n, null],
    ]);
    const jt = await indexer.jettonTransfersIn({ owner: WALLET, limit: 10 });
    expect(jt.items).toEqual([
      expect.objectContaining({
        hash: j.hashHex,
        amount: 300_000n,
        comment: 'PW-5',
        from: BUYER,
        to: WALLET,
      }),
    ]);
    await expect(
      createToncenterIndexer({ baseUrl: fake.url }).transactions({ account: WALLET, limit: 1 }),
    ).rejects.toMatchObject({
      status: 401,
    });
  });

  it('runs from the command line for the local demo', async () => {
    const script = fileURLToPath(new URL('./ton-indexer.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      const post = await fetch(`${url}/_fake/ton-transfers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from: BUYER, to: WALLET, nanotons: '1', comment: 'cli' }),
      });
      expect(post.status).toBe(200);
      const listed = await fetch(`${url}/api/v3/transactions?account=${WALLET}`);
      expect(((await listed.json()) as { transactions: unknown[] }).transactions).toHaveLength(1);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
