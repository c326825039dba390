import { describe, expect, it } from 'vitest';
import { commentBoc } from './comment.ts';
import { createToncenterIndexer, normalizeTxHash, TonIndexerError } from './indexer.ts';

const WALLET = '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8';
const BUYER = '0:B2A1ECF5545E076CD36AE516EA7EBDF32AEA008CAA2B84AF9866BECB208895AD';
const USDT = '0:B113A994B5024A16719F69139328EB759596C38A25F59028B146FECDC3621DFE';
const HASH_B64 = '9JEOs0WWtr+Mr8hQOCnU+1TQ5UwlYNwwnubB51ggQG8=';

function stubFetch(body: unknown, status = 200) {
  const calls: { url: URL; headers: Record<string, string> }[] = [];
  const fetchStub = (async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: new URL(String(input)), headers: (init?.headers ?? {}) as Record<string, string> });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  }) as typeof fetch;
  return { calls, fetchStub };
}

/** A transaction as toncenter v3 prints it (fields trimmed to the ones that matter plus a few). */
function tx(over: Record<string, unknown> = {}, msg: Record<string, unknown> = {}) {
  return {
    account: WALLET.toUpperCase(),
    hash: HASH_B64,
    lt: '47597573000003',
    now: 1718000000,
    mc_block_seqno: 38000000,
    description: { type: 'ord', aborted: false, destroyed: false },
    in_msg: {
      hash: 'aRDz1FI1M1N8oA1vtR6SRNPsIM6x3hR93WwNCtruwrM=',
      source: BUYER,
      destination: WALLET.toUpperCase(),
      value: '20000000',
      opcode: '0x00000000',
      bounce: false,
      bounced: false,
      message_content: {
        hash: 'x',
        body: 'te6cckEBAQEAEAAAHAAAAAAxOTg1NTk3NjUxSmLi/w==',
        decoded: { type: 'text_comment', comment: '1985597651' },
      },
      init_state: null,
      ...msg,
    },
    out_msgs: [],
    ...over,
  };
}

describe('toncenter v3 client', () => {
  it('asks for incoming transactions oldest first, with the key, and maps them', async () => {
    const { calls, fetchStub } = stubFetch({
      transactions: [
        tx(),
        tx({ hash: 'AA', lt: '47597573000010', now: 1718000050 }),
        tx({ lt: '47597573000020', in_msg: { source: null, destination: WALLET, value: null } }),
        { junk: true },
      ],
      address_book: {},
    });
    const indexer = createToncenterIndexer({
      baseUrl: 'https://toncenter.example/api/v3/',
      apiKey: 'k-1',
      fetch: fetchStub,
    });
    const page = await indexer.transactions({ account: WALLET, startLt: 5n, limit: 50, offset: 100 });
    const { url, headers } = calls[0]!;
    expect(url.pathname).toBe('/api/v3/transactions');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      account: WALLET,
      start_lt: '5',
      limit: '50',
      offset: '100',
      sort: 'asc',
    });
    expect(headers['x-api-key']).toBe('k-1');
    expect(page.fetched).toBe(4);
    expect(page.skipped).toBe(2); // a hash that is not 32 bytes, and junk
    expect(page.maxLt).toBe(47597573000020n);
    expect(page.maxUtime).toBe(1718000000);
    expect(page.items[0]).toEqual({
      kind: 'ton',
      hash: normalizeTxHash(HASH_B64),
      lt: 47597573000003n,
      utime: 1718000000,
      from: BUYER.toLowerCase(),
      to: WALLET,
      amount: 20000000n,
      comment: '1985597651',
      bounced: false,
      bounce: false,
      aborted: false,
      notification: null,
    });
  });

  it('keeps the external (outgoing) transaction out of the items but moves the cursor past it', async () => {
    const { fetchStub } = stubFetch({
      transactions: [tx({ lt: '9', now: 5, in_msg: { source: null, destination: WALLET, value: null } })],
    });
    const page = await createToncenterIndexer({ baseUrl: 'http://x', fetch: fetchStub }).transactions({
      account: WALLET,
      limit: 10,
    });
    expect(page).toMatchObject({ items: [], fetched: 1, skipped: 0, maxLt: 9n, maxUtime: 5 });
  });

  it('reads bounced, aborted and comment-less messages for the watcher to judge', async () => {
    const { fetchStub } = stubFetch({
      transactions: [
        tx({}, { bounced: true }),
        tx({ description: { aborted: true } }, { bounce: true }),
        tx({}, { opcode: '0x7362d09c', message_content: { body: null, decoded: null } }),
        tx(
          {},
          { message_content: { body: null, decoded: { type: 'text_comment', comment: 'from-decoded' } } },
        ),
      ],
    });
    const page = await createToncenterIndexer({ baseUrl: 'http://x', fetch: fetchStub }).transactions({
      account: WALLET,
      limit: 10,
    });
    expect(page.items.map((t) => [t.bounced, t.aborted, t.bounce, t.comment])).toEqual([
      [true, false, false, '1985597651'],
      [false, true, true, '1985597651'],
      [false, false, false, null],
      [false, false, false, 'from-decoded'],
    ]);
  });

  it('maps incoming jetton transfers, taking the comment from the forward payload', async () => {
    const { calls, fetchStub } = stubFetch({
      jetton_transfers: [
        {
          query_id: '0',
          source: BUYER,
          destination: WALLET.toUpperCase(),
          amount: '300000',
          source_wallet: '0:1111111111111111111111111111111111111111111111111111111111111111',
          jetton_master: USDT,
          transaction_hash: HASH_B64,
          transaction_lt: '47597573000099',
          transaction_now: 1718000100,
          transaction_aborted: false,
          response_destination: BUYER,
          custom_payload: null,
          decoded_custom_payload: null,
          forward_ton_amount: '10000000',
          forward_payload: commentBoc('PW-42'),
          decoded_forward_payload: { type: 'text_comment', comment: 'PW-42' },
          trace_id: HASH_B64,
        },
      ],
      address_book: {},
      metadata: {},
    });
    const page = await createToncenterIndexer({ baseUrl: 'http://x', fetch: fetchStub }).jettonTransfersIn({
      owner: WALLET,
      startUtime: 1717999000,
      limit: 20,
    });
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      owner_address: WALLET,
      direction: 'in',
      start_utime: '1717999000',
      limit: '20',
      offset: '0',
      sort: 'asc',
    });
    expect(page.items).toEqual([
      {
        kind: 'jetton',
        hash: normalizeTxHash(HASH_B64),
        lt: 47597573000099n,
        utime: 1718000100,
        from: BUYER.toLowerCase(),
        to: WALLET,
        jettonMaster: USDT.toLowerCase(),
        amount: 300000n,
        comment: 'PW-42',
        aborted: false,
      },
    ]);
  });

  it('fails with TonIndexerError on HTTP errors, bad JSON, odd shapes and timeouts', async () => {
    const q = { account: WALLET, limit: 1 };
    await expect(
      createToncenterIndexer({
        baseUrl: 'http://x',
        fetch: stubFetch({ error: 'rate' }, 429).fetchStub,
      }).transactions(q),
    ).rejects.toMatchObject({ name: 'TonIndexerError', status: 429 });
    await expect(
      createToncenterIndexer({ baseUrl: 'http://x', fetch: stubFetch('<html>').fetchStub }).transactions(q),
    ).rejects.toBeInstanceOf(TonIndexerError);
    await expect(
      createToncenterIndexer({ baseUrl: 'http://x', fetch: stubFetch({ nope: [] }).fetchStub }).transactions(
        q,
      ),
    ).rejects.toBeInstanceOf(TonIndexerError);
    const hanging = ((_: unknown, init?: RequestInit) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as typeof fetch;
    await expect(
      createToncenterIndexer({ baseUrl: 'http://x', fetch: hanging, timeoutMs: 20 }).transactions(q),
    ).rejects.toThrow(/unreachable/);
  });

  it('normalises base64, base64url and hex hashes to lower-case hex', () => {
    const hex = Buffer.from(HASH_B64, 'base64').toString('hex');
    expect(normalizeTxHash(HASH_B64)).toBe(hex);
    expect(normalizeTxHash(Buffer.from(hex, 'hex').toString('base64url'))).toBe(hex);
    expect(normalizeTxHash(hex.toUpperCase())).toBe(hex);
  });
});
