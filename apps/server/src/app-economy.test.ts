/**
 * A purchase played through the real app: Stars invoice from the (fake) Bot API, Telegram-style
 * webhook payment, the item in the inventory, used on the canvas, the blast on a watcher's socket.
 */
import { inflateRawSync } from 'node:zlib';
import { decodeServerFrame, FrameType, forEachPixelChange, type ServerFrame } from '@pixel-wall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type FakeBotApi, startFakeBotApi } from '../../../tools/src/fakes/telegram-bot-api.ts';
import { webhookSecret } from './integrations/telegram/bot-api.ts';
import {
  api,
  createTestStore,
  type RunningApp,
  startApp,
  TEST_BOT_TOKEN,
  type TestStore,
  telegramSignIn,
  testConfig,
} from './testing/harness.ts';

describe('economy through the real app', () => {
  let store: TestStore;
  let run: RunningApp;
  let fake: FakeBotApi;

  beforeAll(async () => {
    fake = await startFakeBotApi({ secretToken: webhookSecret(TEST_BOT_TOKEN) });
    store = await createTestStore('pglite');
    run = await startApp(store, testConfig({ TELEGRAM_API_URL: fake.url, PAINT_REWARD_ONE_IN: '0' }));
    fake.webhook.url = `${run.baseUrl}/api/v1/telegram/webhook`;
  });
  afterAll(async () => {
    await run?.stop();
    await store?.dispose();
    await fake?.close();
  });

  it('buys Dynamite with Stars exactly once, then blasts 5×5 for everyone', async () => {
    const p = await telegramSignIn(run.baseUrl, { id: 4001, first_name: 'Buyer' });
    const buy = await api<{ ok: boolean; result: string; orderId: string }>(
      run.baseUrl,
      'POST',
      '/api/v1/buy/stars',
      {
        token: p.token,
        body: { type: 2, qty: 3 },
      },
    );
    expect(buy.status).toBe(200);
    const invoice = [...fake.invoices.values()].find((i) => i.link === buy.body.result)!;
    expect(invoice).toMatchObject({ currency: 'XTR', payload: buy.body.orderId });
    expect(invoice.prices).toEqual([expect.objectContaining({ amount: 48 })]); // 16 Stars × 3, computed by the server

    const paid = await fake.pay(buy.body.result);
    expect(paid.ok).toBe(true);
    // Telegram may deliver the payment again: it counts once.
    const replay = await fake.sendUpdate(paid.paymentUpdate!);
    expect(replay.status).toBe(200);
    const list = await api<{ goodsAvailable: Record<string, number> }>(
      run.baseUrl,
      'GET',
      '/api/v1/buy/list',
      {
        token: p.token,
      },
    );
    expect(list.body.goodsAvailable['2']).toBe(3);
    const me = await api<{ achievements: Record<string, boolean> }>(run.baseUrl, 'GET', '/api/v1/users/me', {
      token: p.token,
    });
    expect(me.body.achievements['8']).toBe(true); // Star Pixel

    const ws = new WebSocket(`${run.wsUrl}/ws`);
    const frames: ServerFrame[] = [];
    ws.on('message', (d: Buffer) => {
      const f = decodeServerFrame(new Uint8Array(d.buffer, d.byteOffset, d.byteLength));
      if (f) frames.push(f);
    });
    await new Promise((r) => ws.on('open', r));
    const centre = 1 + 500 + 500 * 1024;
    const blast = await api(run.baseUrl, 'POST', '/api/v1/repaint/special', {
      token: p.token,
      body: { pixelId: centre, type: 2, color: '#FF4500' },
    });
    expect(blast.status).toBe(200);
    expect(blast.body).toMatchObject({ success: true, left: 2 });
    await expect
      .poll(
        () => {
          const seen = new Set<number>();
          for (const f of frames) {
            if (f.type !== FrameType.Pixels) continue;
            const body = f.deflated ? new Uint8Array(inflateRawSync(f.body)) : f.body;
            forEachPixelChange(body, (id, c) => c === 10 && seen.add(id));
          }
          return seen.size;
        },
        { timeout: 3000 },
      )
      .toBe(25);
    expect(frames.some((f) => f.type === FrameType.Event && f.event.kind === 'bomb')).toBe(true);
    ws.close();
  });

  it('refuses a webhook without the secret header, fulfilling nothing', async () => {
    const r = await fake.sendUpdate(
      { update_id: 1, message: { message_id: 1, date: 0, chat: { id: 1, type: 'private' } } },
      { secretToken: 'wrong' },
    );
    expect(r.status).toBe(401);
  });
});
