import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { keyPairFromSeed } from '@ton/crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { normalizeTonAddress, toFriendlyAddress } from '../../../apps/server/src/integrations/ton/address.ts';
import { createToncenterIndexer } from '../../../apps/server/src/integrations/ton/indexer.ts';
import {
  jettonTransfer,
  signTransfer,
  tonTransfer,
  walletV4R2,
} from '../../../apps/server/src/integrations/ton/payout-wallet.ts';
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

describe('fake toncenter as the payout wallet', () => {
  const signer = () => {
    const keyPair = keyPairFromSeed(randomBytes(32));
    return { keyPair, ...walletV4R2(keyPair.publicKey) };
  };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${fake.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': KEY },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const VALID = 1_800_000_060;

  it('accepts a signed transfer as the wallet would and records it where the lookups find it', async () => {
    const w = signer();
    expect((await get(`/api/v3/walletInformation?address=${w.address}&use_v2=false`)).body).toMatchObject({
      status: 'nonexist',
      seqno: null,
    });
    await post('/_fake/wallets', { address: w.address, nanotons: '3000000000' });
    const signed = signTransfer(w, {
      seqno: 0,
      validUntil: VALID,
      message: tonTransfer(BUYER, 1_000_000_000n, 'reward #1'),
      withInit: true,
    });
    const accepted = await post('/api/v3/message', { boc: signed.boc });
    expect(accepted).toEqual({
      status: 200,
      body: {
        message_hash: Buffer.from(signed.messageHash, 'hex').toString('base64'),
        message_hash_norm: Buffer.from(signed.normalizedHash, 'hex').toString('base64'),
      },
    });
    expect((await get(`/api/v3/walletInformation?address=${w.address}`)).body).toMatchObject({
      status: 'active',
      seqno: 1,
      wallet_id: 698_983_191,
      balance: String(3_000_000_000 - 1_000_000_000 - 2_000_000),
    });
    const found = (await get(`/api/v3/transactionsByMessage?msg_hash=${signed.normalizedHash}&direction=in`))
      .body.transactions as {
      hash: string;
      in_msg: { source: null };
      out_msgs: { destination: string; value: string }[];
    }[];
    expect(found).toHaveLength(1);
    expect(found[0]!.in_msg.source).toBeNull();
    expect(found[0]!.out_msgs).toEqual([
      expect.objectContaining({ destination: BUYER.toUpperCase(), value: '1000000000' }),
    ]);
    const byRaw = await get(
      `/api/v3/transactionsByMessage?msg_hash=${encodeURIComponent(accepted.body.message_hash as string)}`,
    );
    expect(byRaw.body.transactions).toHaveLength(1);
    const sent = (await get('/_fake/sent')).body.sent as unknown[];
    expect(sent).toEqual([
      expect.objectContaining({
        wallet: w.address,
        to: BUYER,
        nanotons: '1000000000',
        seqno: 0,
        comment: 'reward #1',
      }),
    ]);
    expect(Buffer.from(found[0]!.hash, 'base64').toString('hex')).toBe(fake.sent[0]!.txHash);
    // The receiver sees an ordinary incoming transfer.
    const incoming = await createToncenterIndexer({ baseUrl: fake.url, apiKey: KEY }).transactions({
      account: BUYER,
      limit: 10,
    });
    expect(incoming.items).toEqual([
      expect.objectContaining({ from: w.address, amount: 1_000_000_000n, comment: 'reward #1' }),
    ]);
  });

  it('refuses what the wallet would: no state_init, a replayed seqno, a foreign key, an expired message', async () => {
    const w = signer();
    fake.fundWallet(w.address, 3_000_000_000n);
    const send = (seqno: number, o: { withInit?: boolean; validUntil?: number; key?: typeof w } = {}) =>
      post('/api/v3/message', {
        boc: signTransfer(
          { ...w, keyPair: (o.key ?? w).keyPair },
          {
            seqno,
            validUntil: o.validUntil ?? VALID,
            message: tonTransfer(BUYER, 1_000n, null),
            withInit: o.withInit ?? false,
          },
        ).boc,
      });
    expect((await send(0)).body.error).toMatch(/not deployed/);
    expect((await send(0, { withInit: true, key: signer() })).body.error).toMatch(/signature|state_init/);
    expect((await send(0, { withInit: true })).status).toBe(200);
    const replay = await send(0);
    expect(replay.status).toBe(500);
    expect(replay.body.error).toMatch(/cannot apply external message.*seqno 0, the wallet is at 1/);
    expect((await send(1, { validUntil: 1_799_999_999 })).body.error).toMatch(/expired/);
    expect((await send(1, { key: signer() })).body.error).toMatch(/bad signature/);
    expect((await send(1)).status).toBe(200);
    expect(fake.seqnoOf(w.address)).toBe(2);
    expect(fake.sent).toHaveLength(2);
    expect((await post('/api/v3/message', { boc: 'AAAA' })).status).toBe(400);
  });

  it('moves jettons for a TEP-74 transfer from its own jetton wallet, and only what it holds', async () => {
    const w = signer();
    const master = normalizeTonAddress(USDT);
    await post('/_fake/wallets', { address: w.address, nanotons: '1000000000' });
    await post('/_fake/jetton-balances', { owner: w.address, jettonMaster: USDT, amount: '5000000' });
    const jw = (await get(`/api/v3/jetton/wallets?owner_address=${w.address}&jetton_address=${USDT}&limit=1`))
      .body.jetton_wallets as { address: string; balance: string }[];
    expect(jw).toEqual([expect.objectContaining({ balance: '5000000' })]);
    const ourJettonWallet = normalizeTonAddress(jw[0]!.address);
    const order = (seqno: number, amount: bigint) =>
      post('/api/v3/message', {
        boc: signTransfer(w, {
          seqno,
          validUntil: VALID,
          message: jettonTransfer({
            ourJettonWallet,
            ourWallet: w.address,
            to: BUYER,
            amount,
            queryId: 9n,
            attachNano: 50_000_000n,
            forwardTonAmount: 1n,
            comment: 'reward #9',
          }),
          withInit: seqno === 0,
        }).boc,
      });
    expect((await order(0, 2_000_000n)).status).toBe(200);
    expect(fake.sent).toEqual([
      expect.objectContaining({ to: BUYER, jettonMaster: master, jettonAmount: '2000000', queryId: '9' }),
    ]);
    const theirs = await createToncenterIndexer({ baseUrl: fake.url, apiKey: KEY }).jettonTransfersIn({
      owner: BUYER,
      limit: 10,
    });
    expect(theirs.items).toEqual([
      expect.objectContaining({ from: w.address, amount: 2_000_000n, comment: 'reward #9' }),
    ]);
    // Beyond its balance the jetton wallet bounces: the seqno is used, nothing moves.
    expect((await order(1, 4_000_000n)).status).toBe(200);
    expect(fake.sent).toHaveLength(1);
    expect(
      (
        (await get(`/api/v3/jetton/wallets?owner_address=${w.address}&jetton_address=${USDT}`)).body
          .jetton_wallets as { balance: string }[]
      )[0]!.balance,
    ).toBe('3000000');
    expect(
      (await get(`/api/v3/jetton/wallets?owner_address=${BUYER}&jetton_address=${NOT}`)).body.jetton_wallets,
    ).toEqual([]);
  });
});
