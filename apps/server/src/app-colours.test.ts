/**
 * The basic colour line and All colours (14) through the real app: a colour beyond the basic line
 * is refused over HTTP, the websocket and a blast until the player buys All colours with Stars
 * (fake Bot API, Telegram-style webhook payment); after fulfilment the same paints go through at
 * once, with no new sign-in.
 */
import {
  BASIC_COLORS,
  decodeServerFrame,
  encodeRepaintRpc,
  FrameType,
  PALETTE,
  paletteIndexOf,
  parseJson,
  type ServerFrame,
} from '@pixel-wall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type FakeBotApi, startFakeBotApi } from '../../../tools/src/fakes/telegram-bot-api.ts';
import { webhookSecret } from './integrations/telegram/bot-api.ts';
import { addItems } from './modules/items/inventory.ts';
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

const LOCKED = '#6D001A';
const LOCKED_INDEX = paletteIndexOf(LOCKED);

/** A signed-in socket and the RPC results it receives. */
async function socket(run: RunningApp, token: string) {
  const me = await api<{ websocketToken: string }>(run.baseUrl, 'GET', '/api/v1/users/me', { token });
  const ws = new WebSocket(`${run.wsUrl}/ws?token=${encodeURIComponent(me.body.websocketToken)}`);
  ws.binaryType = 'nodebuffer';
  const frames: ServerFrame[] = [];
  ws.on('message', (d: Buffer) => {
    const f = decodeServerFrame(new Uint8Array(d.buffer, d.byteOffset, d.byteLength));
    if (f) frames.push(f);
  });
  await new Promise((r) => ws.on('open', r));
  return {
    ws,
    async repaint(requestId: number, pixelId: number, color: number) {
      ws.send(encodeRepaintRpc(requestId, pixelId, color));
      let res: ServerFrame | undefined;
      await expect
        .poll(() => (res = frames.find((f) => f.type === FrameType.Result && f.requestId === requestId)))
        .toBeDefined();
      if (res?.type !== FrameType.Result) throw new Error('unreachable');
      return { ok: res.ok, body: parseJson(res.payload) as Record<string, unknown> };
    },
  };
}

describe('colours through the real app', () => {
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

  const paint = (token: string, pixelId: number, newColor: string) =>
    api(run.baseUrl, 'POST', '/api/v1/repaint/start', { token, body: { pixelId, newColor } });

  it('paints every basic colour for everyone, and nothing else before the unlock', async () => {
    const p = await telegramSignIn(run.baseUrl, { id: 4601, first_name: 'Basic' });
    for (const [i, c] of BASIC_COLORS.slice(0, 3).entries()) {
      expect((await paint(p.token, 100 + i, c)).status).toBe(200);
    }
    const refused = await paint(p.token, 110, LOCKED);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'COLOR_LOCKED', message: expect.any(String) } });
    // Nothing was painted and no charge was spent.
    const info = await api<{ pixel: { color: string } }>(run.baseUrl, 'GET', '/api/v1/image/get/110');
    expect(info.body.pixel.color).toBe(PALETTE[0]);

    const s = await socket(run, p.token);
    expect(await s.repaint(1, 111, LOCKED_INDEX)).toMatchObject({
      ok: false,
      body: { code: 'COLOR_LOCKED' },
    });
    expect(await s.repaint(2, 112, paletteIndexOf('#000000'))).toMatchObject({
      ok: true,
      body: { success: true },
    });
    s.ws.close();

    // A blast in a locked colour is refused and keeps the item.
    await addItems(run.db, 4601, [{ productId: 2, qty: 1 }]);
    const blast = await api(run.baseUrl, 'POST', '/api/v1/repaint/special', {
      token: p.token,
      body: { pixelId: 1 + 300 + 300 * 1024, type: 2, color: LOCKED },
    });
    expect(blast.status).toBe(403);
    expect(blast.body).toMatchObject({ error: { code: 'COLOR_LOCKED' } });
    const list = await api<{ goodsAvailable: Record<string, number> }>(
      run.baseUrl,
      'GET',
      '/api/v1/buy/list',
      {
        token: p.token,
      },
    );
    expect(list.body.goodsAvailable['2']).toBe(1);
  });

  it('unlocks every colour on HTTP and the socket once All colours is paid with Stars', async () => {
    const p = await telegramSignIn(run.baseUrl, { id: 4602, first_name: 'Buyer' });
    const s = await socket(run, p.token);
    // The locked answer is what this instance holds in memory until the purchase.
    expect((await paint(p.token, 200, LOCKED)).status).toBe(403);
    expect(await s.repaint(1, 201, LOCKED_INDEX)).toMatchObject({
      ok: false,
      body: { code: 'COLOR_LOCKED' },
    });

    const buy = await api<{ ok: boolean; result: string; orderId: string }>(
      run.baseUrl,
      'POST',
      '/api/v1/buy/stars',
      { token: p.token, body: { type: 14, qty: 1 } },
    );
    expect(buy.status).toBe(200);
    const invoice = [...fake.invoices.values()].find((i) => i.link === buy.body.result)!;
    expect(invoice).toMatchObject({ currency: 'XTR', payload: buy.body.orderId });
    expect(invoice.prices).toEqual([expect.objectContaining({ amount: 5000 })]);
    expect((await fake.pay(buy.body.result)).ok).toBe(true);

    const painted = await paint(p.token, 202, LOCKED);
    expect(painted.status).toBe(200);
    expect(painted.body).toMatchObject({ success: true });
    expect(await s.repaint(2, 203, LOCKED_INDEX)).toMatchObject({ ok: true, body: { success: true } });
    const info = await api<{ pixel: { color: string } }>(run.baseUrl, 'GET', '/api/v1/image/get/202');
    expect(info.body.pixel.color).toBe(LOCKED);
    s.ws.close();

    // A one-off: a second one is not sold, and TON has no price for it.
    const again = await api(run.baseUrl, 'POST', '/api/v1/buy/stars', {
      token: p.token,
      body: { type: 14, qty: 1 },
    });
    expect(again.body).toMatchObject({ error: { code: 'ALREADY_OWNED' } });
  });
});
