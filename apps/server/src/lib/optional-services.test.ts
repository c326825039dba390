import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestStore,
  type RunningApp,
  startApp,
  type TestStore,
  testConfig,
} from '../testing/harness.ts';
import { servicesOff } from './optional-services.ts';

interface LogLine {
  level: number;
  msg: string;
  service?: string;
}

describe('optional services on a default start', () => {
  let store: TestStore;
  let run: RunningApp;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    store = await createTestStore('pglite');
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    run = await startApp(store, testConfig({ LOG_LEVEL: 'info' }), { logger: { stream } });
  });
  afterAll(async () => {
    await run?.stop();
    await store?.dispose();
  });

  it('logs one info line per service that is off, at start', () => {
    const started = lines.filter((l) => l.service);
    expect(started.map((l) => l.service)).toEqual([
      'TON payments',
      'PX reward payouts',
      'PX market data',
      'the PX buyback history',
      'the PX burn history',
      'the PX fund history',
      'NFT minting',
    ]);
    expect(started.every((l) => l.level === 30)).toBe(true);
    expect(started[2]!.msg).toBe('PX market data: off (set MARKET_DATA_TOKEN_ID to turn it on)');
  });

  it('answers 503 with configured false and logs nothing per request', async () => {
    const before = lines.length;
    for (const path of ['/api/v1/history/px/stats', '/api/v1/px/ledger/buyback', '/api/v1/px/ledger/fund']) {
      for (let i = 0; i < 3; i++) {
        const r = await api<{ error: { code: string; details?: { configured?: boolean } } }>(
          run.baseUrl,
          'GET',
          path,
        );
        expect(r.status).toBe(503);
        expect(r.body.error).toMatchObject({ code: 'UNAVAILABLE', details: { configured: false } });
      }
    }
    expect(lines.slice(before).filter((l) => l.level >= 40)).toEqual([]);
  });
});

describe('servicesOff', () => {
  it('lists nothing when every optional service is configured', () => {
    const wallet = 'EQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAM9c';
    const config = testConfig({
      TON_PAYMENT_WALLET: wallet,
      TON_PAYOUT_MNEMONIC: Array.from({ length: 24 }, () => 'word').join(' '),
      MARKET_DATA_TOKEN_ID: 'pixel-wall',
      PX_BUYBACK_WALLET: wallet,
      PX_BURN_WALLET: wallet,
      PX_FUND_WALLET: wallet,
      NFT_COLLECTION_ADDRESS: wallet,
    });
    expect(servicesOff(config)).toEqual([]);
    expect(servicesOff(testConfig({ TELEGRAM_BOT_TOKEN: '' })).map((s) => s.variable)).toContain(
      'TELEGRAM_BOT_TOKEN',
    );
  });
});
