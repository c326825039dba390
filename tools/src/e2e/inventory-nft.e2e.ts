/**
 * The inventory's pixel lists and a minted NFT, as players see them. A painter paints four pixels,
 * another paints over one: the inventory counts them, lists three for sale with their total price
 * and one sold, and a row opens its pixel on the Wall. Then the painter's approved drawing is
 * minted: the wallet's signed message reaches the fake chain, the server's watcher sees the
 * collection take it, and the mint panel turns from waiting to minted with the explorer link.
 * Screens at 390×844 and 1440×900.
 *
 * Its own server (the production build) with an NFT collection, the fake toncenter and a bot token
 * (the admin who approves signs in by Telegram launch data: a dev sign-in is never staff).
 */
import { randomBytes } from 'node:crypto';
import { Address, internal } from '@ton/core';
import { keyPairFromSeed } from '@ton/crypto';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSecret } from '../../../apps/server/src/integrations/telegram/bot-api.ts';
import { signTransfer, walletV4R2 } from '../../../apps/server/src/integrations/ton/payout-wallet.ts';
import { mintBody } from '../../../apps/server/src/modules/nft/mint.ts';
import { type FakeBotApi, startFakeBotApi } from '../fakes/telegram-bot-api.ts';
import { type FakeTonIndexer, startFakeTonIndexer } from '../fakes/ton-indexer.ts';
import { TOOLS_BOT_TOKEN, telegramTokens } from '../lib/players.ts';
import { type ServerProcess, startServer } from '../lib/server-process.ts';
import { launchBrowser, newPhone, screenshot, watchErrors } from './browser.ts';

const ADMIN_ID = 7_000_001;
const RUN = Date.now().toString(36);
const COLLECTION = `0:${randomBytes(32).toString('hex')}`;
const WIDE = { width: 1440, height: 900 };

interface Tokens {
  authToken: string;
  refreshToken: string;
}

describe('inventory pixel lists and a minted NFT', () => {
  let browser: Browser;
  let indexer: FakeTonIndexer;
  let bot: FakeBotApi;
  let server: ServerProcess;
  let baseUrl: string;
  let painter: Tokens;
  let rival: Tokens;
  let admin: Tokens;

  const signIn = async (id: number, firstName: string): Promise<Tokens> => {
    const t = await telegramTokens(baseUrl, { id, firstName }, TOOLS_BOT_TOKEN);
    return { authToken: t.token, refreshToken: t.refresh_token };
  };
  const call = async <T>(tokens: Tokens, method: string, path: string, body?: unknown, type?: string) => {
    const res = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${tokens.authToken}`,
        ...(body === undefined ? {} : { 'Content-Type': type ?? 'application/json' }),
      },
      ...(body === undefined
        ? {}
        : { body: body instanceof Uint8Array ? Buffer.from(body) : JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const paint = (tokens: Tokens, x: number, y: number, newColor: string) =>
    call(tokens, 'POST', '/repaint/start', { pixelId: x + y * 1024 + 1, newColor });

  async function signedIn(tokens: Tokens, wide: boolean): Promise<BrowserContext> {
    const ctx = wide
      ? await browser.newContext({ viewport: WIDE, deviceScaleFactor: 1 })
      : await newPhone(browser);
    await ctx.addInitScript((t) => {
      localStorage.setItem('authToken', t.authToken);
      localStorage.setItem('refreshToken', t.refreshToken);
    }, tokens);
    return ctx;
  }

  beforeAll(async () => {
    indexer = await startFakeTonIndexer();
    bot = await startFakeBotApi({ secretToken: webhookSecret(TOOLS_BOT_TOKEN) });
    server = await startServer({
      compiled: true,
      env: {
        RATE_LIMIT_IP_PER_MINUTE: '100000',
        RATE_LIMIT_SIGNIN_PER_MINUTE: '100000',
        PAINT_REWARD_ONE_IN: '0',
        TELEGRAM_BOT_TOKEN: TOOLS_BOT_TOKEN,
        TELEGRAM_API_URL: bot.url,
        ADMIN_IDS: String(ADMIN_ID),
        NFT_COLLECTION_ADDRESS: COLLECTION,
        TON_INDEXER_URL: indexer.url,
        TON_WATCH_INTERVAL_MS: '1000',
      },
    });
    baseUrl = server.url;
    bot.webhook.url = `${baseUrl}/api/v1/telegram/webhook`;
    browser = await launchBrowser();
    const base = 7_700_000 + Math.floor(Math.random() * 90_000);
    painter = await signIn(base, `Pia ${RUN}`.slice(0, 18));
    rival = await signIn(base + 1, `Rex ${RUN}`.slice(0, 18));
    admin = await signIn(ADMIN_ID, 'Ada');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await bot?.close();
    await indexer?.close();
  });

  it('counts, lists for sale with the total price and sold, ten a page, and opens a pixel', async () => {
    // Centre (8 PX), a middle ring (2 PX) and two at the edge (1 PX each); Rex paints over one.
    await paint(painter, 512, 512, '#FF4500');
    await paint(painter, 300, 700, '#3690EA');
    await paint(painter, 10, 10, '#00A368');
    await paint(painter, 11, 10, '#FFD635');
    await paint(rival, 10, 10, '#000000');

    for (const wide of [false, true]) {
      const size = wide ? '1440x900' : '390x844';
      const ctx = await signedIn(painter, wide);
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await page.goto(`${baseUrl}/my-profile?tab=inventory`);
      await expect.poll(() => page.locator('[data-testid=my-pixel]').count(), { timeout: 15_000 }).toBe(3);
      await expect.poll(() => page.locator('[data-testid=sold-pixel]').count()).toBe(1);
      const stat = (id: string) => page.textContent(`[data-testid=pixel-stats] [data-stat=${id}] dd`);
      await expect.poll(() => stat('owned')).toBe('3');
      expect(await stat('worth')).toBe('11 PX');
      expect(await stat('sold')).toBe('1');
      expect(await stat('soldWorth')).toBe('1 PX');
      expect(await page.textContent('[data-testid=my-pixels-total]')).toBe('3 in all · worth 11 PX');
      // One page holds them all: no load-more button.
      expect(await page.locator('[data-testid=my-pixels] [data-testid=load-more]').count()).toBe(0);
      expect(await page.textContent('[data-testid=sold-pixel]')).toContain('x 10 · y 10');
      await page.locator('[data-testid=pixel-stats]').scrollIntoViewIfNeeded();
      await screenshot(page, `inventory-lists-${size}`);
      await page.locator('[data-testid=sold-pixels]').scrollIntoViewIfNeeded();
      await screenshot(page, `inventory-sold-${size}`);

      // A row opens its pixel on the Wall, selected.
      await page.click('[data-testid=my-pixels] a[aria-label="Show x 512, y 512 on the Wall"]');
      await page.waitForURL(/\/\?startapp=x512_y512$/);
      await page.waitForSelector('[data-testid=wall-canvas]');
      await page.waitForSelector('[data-testid=sync-status]', { state: 'detached', timeout: 20_000 });
      await page.waitForSelector('[data-testid=paint-button]');
      await screenshot(page, `inventory-open-pixel-${size}`);
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });

  it('a sent mint waits for the chain, then shows minted with the explorer link', async () => {
    const image = new Uint8Array(64 * 64 * 4);
    for (let y = 16; y < 48; y++) {
      for (let x = 16; x < 48; x++)
        image.set((x + y) % 8 < 4 ? [0xff, 0x45, 0, 255] : [0x24, 0x50, 0xa4, 255], (y * 64 + x) * 4);
    }
    const up = await call<{ nftData: { id: number } }>(
      painter,
      'POST',
      '/nft/upload',
      image,
      'application/octet-stream',
    );
    const approved = await call<{ approval_no: number }>(
      admin,
      'POST',
      `/nft/review/${up.nftData.id}/approve`,
    );

    // The player's wallet signs the mint the server would prepare, and reports it sent.
    const keyPair = keyPairFromSeed(randomBytes(32));
    const wallet = { keyPair, ...walletV4R2(keyPair.publicKey) };
    indexer.fundWallet(wallet.address, 1_000_000_000n);
    const no = approved.approval_no;
    const signed = signTransfer(wallet, {
      seqno: 0,
      validUntil: Math.floor(Date.now() / 1000) + 300,
      message: internal({
        to: Address.parseRaw(COLLECTION),
        value: 80_000_000n,
        bounce: true,
        body: mintBody({
          collection: COLLECTION,
          owner: wallet.address,
          itemIndex: no - 1,
          contentPath: `${no}.json`,
          queryId: 1n,
        }),
      }),
      withInit: true,
    });
    await call(painter, 'POST', '/nft/mint/sent', { boc: signed.boc });

    const phoneCtx = await signedIn(painter, false);
    const phone = await phoneCtx.newPage();
    const errors = watchErrors(phone);
    await phone.goto(`${baseUrl}/nft`);
    await expect
      .poll(() => phone.textContent('[data-testid=nft-main]'), { timeout: 15_000 })
      .toBe('Show my NFT');
    await phone.click('[data-testid=nft-main]');
    await phone.waitForSelector('[data-testid=nft-mint-waiting]');
    await screenshot(phone, 'nft-minting-390x844');

    // The message lands: the collection takes it, the watcher sees it, the panel's next look shows it.
    const landed = await fetch(`${indexer.url}/api/v3/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ boc: signed.boc }),
    });
    expect(landed.status).toBe(200);
    await phone.waitForSelector('[data-testid=nft-explorer]', { timeout: 20_000 });
    expect(await phone.textContent('[data-testid=nft-mint-status]')).toBe('Minted!');
    expect(await phone.getAttribute('[data-testid=nft-explorer]', 'href')).toMatch(
      /^https:\/\/tonviewer\.com\/transaction\/[0-9a-f]{64}$/,
    );
    await screenshot(phone, 'nft-minted-390x844');

    const deskCtx = await signedIn(painter, true);
    const desk = await deskCtx.newPage();
    await desk.goto(`${baseUrl}/nft`);
    await expect
      .poll(() => desk.textContent('[data-testid=nft-main]'), { timeout: 15_000 })
      .toBe('Show my NFT');
    await desk.click('[data-testid=nft-main]');
    await desk.waitForSelector('[data-testid=nft-explorer]');
    await screenshot(desk, 'nft-minted-1440x900');
    expect(errors).toEqual([]);
    await Promise.all([phoneCtx.close(), deskCtx.close()]);
  });
});
