/**
 * The shop as a player meets it: /stars on a phone and a desktop; buying Dynamite with TON (the
 * fake toncenter sees the transfer) and with Stars (the fake Bot API pays the invoice); then
 * dropping it on the Wall while a second browser watches the 5×5 blast arrive.
 *
 * The purchase tests need the fakes wired into global-setup (`provide('fakes', …)`, see E2eFakes);
 * without them they are skipped and only the screenshots run.
 */
import { blastPixelIds, pixelIdOf } from '@pixel-wall/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInitData } from '../../../apps/server/src/integrations/telegram/init-data.ts';
import { makeTestWallet, signTonProof } from '../../../apps/server/src/integrations/ton/testing.ts';
import {
  api,
  launchBrowser,
  launchColour,
  launchPixelPoint,
  newDesktop,
  newPhone,
  openSignIn,
  screenshot,
  watchErrors,
} from './browser.ts';

/** What the shop tests need from global-setup once the fakes are wired. */
export interface E2eFakes {
  /** fake Telegram Bot API base URL; the server runs with TELEGRAM_API_URL pointing at it */
  botApiUrl?: string;
  /** fake toncenter v3 base URL; the server runs with TON_INDEXER_URL pointing at it */
  tonIndexerUrl?: string;
  /** the TON_PAYMENT_WALLET the server was given (any form) */
  tonPaymentWallet?: string;
  /** the domain ton_proofs must name (the PUBLIC_URL host the server allows) */
  tonProofDomain?: string;
  /** TON Connect CHAIN of the server's TON_NETWORK: '-239' or '-3' */
  tonNetwork?: '-239' | '-3';
}

declare module 'vitest' {
  export interface ProvidedContext {
    fakes?: E2eFakes;
  }
}

const baseUrl = inject('baseUrl');
const telegramUrl = inject('telegramUrl');
const fakes: E2eFakes = inject('fakes') ?? {};
const tonReady = Boolean(fakes.tonIndexerUrl && fakes.tonPaymentWallet && fakes.tonProofDomain);
const starsReady = Boolean(fakes.botApiUrl);
const BLAST_X = 600;
const BLAST_Y = 400;

/** TON Connect's wallet list comes from the network, which the test machine does not have. */
function realErrors(errors: string[]): string[] {
  return errors.filter((e) => !/ERR_NAME_NOT_RESOLVED|TON_CONNECT_SDK|config\.ton\.org/.test(e));
}

async function devSignIn(page: Page, name: string): Promise<void> {
  await page.goto(`${baseUrl}/?startapp=x${BLAST_X}_y${BLAST_Y}`);
  await openSignIn(page);
  await page.fill('.dev-sign-in__input', name);
  await page.click('.dev-sign-in button[type=submit]');
  await page.waitForSelector('[data-testid=paint-button]', { timeout: 15_000 });
}

async function dynamiteCount(page: Page): Promise<number> {
  const list = await api<{ goodsAvailable: Record<string, number> }>(page, '/buy/list');
  return list.goodsAvailable['2'] ?? 0;
}

describe('the shop', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows /stars on a phone and on a desktop', async () => {
    for (const [name, make] of [
      ['390x844', newPhone],
      ['1280x800', newDesktop],
    ] as const) {
      const ctx = await make(browser);
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await page.goto(`${baseUrl}/stars`);
      await page.waitForSelector('h1');
      expect(await page.textContent('h1')).toBe('TON Shop');
      await page.waitForSelector('[data-testid=stars-art]');
      await page.waitForSelector('[data-testid=shop-rows], .shop__failed', { timeout: 10_000 });
      await screenshot(page, `stars-${name}`);
      await page.click('[data-testid=pay-support]');
      await page.waitForSelector('[data-testid=support-email]');
      // No placeholder address: the server here has no CONTACT_EMAIL, so none is published.
      expect(await page.getAttribute('[data-testid=support-email]', 'data-contact')).toBe('none');
      expect(await page.textContent('main')).not.toContain('pixelwall.example');
      await screenshot(page, `pay-support-${name}`);
      expect(realErrors(errors)).toEqual([]);
      await ctx.close();
    }
  });

  it('on a phone, the currency chips and the /px tabs show the active one and that more exists', async () => {
    const ctx = await newPhone(browser);
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    const rowState = (selector: string) =>
      page.evaluate((sel) => {
        const row = document.querySelector<HTMLElement>(sel)!;
        const active = row.querySelector<HTMLElement>('[aria-pressed="true"], [aria-current="page"]')!;
        const r = row.getBoundingClientRect();
        const a = active.getBoundingClientRect();
        return {
          more: row.getAttribute('data-more'),
          activeInView: a.left >= r.left - 1 && a.right <= r.right + 1,
          overflows: row.scrollWidth > row.clientWidth,
        };
      }, selector);

    await page.goto(`${baseUrl}/stars`);
    // The picker is there, empty, before the product list names the currencies it offers.
    await page.waitForSelector('[data-testid=currency-picker] [aria-pressed="true"]');
    let chips = await rowState('[data-testid=currency-picker]');
    expect(chips.overflows).toBe(true);
    expect(chips.more).toBe('end');
    await screenshot(page, 'stars-chips-start-390x844');
    // The last chip: chosen, it is scrolled whole into view, and the fade moves to the start.
    await page.locator('[data-testid=currency-picker] button').last().click();
    await expect.poll(async () => (await rowState('[data-testid=currency-picker]')).activeInView).toBe(true);
    await expect.poll(async () => (await rowState('[data-testid=currency-picker]')).more).toContain('start');
    await screenshot(page, 'stars-chips-end-390x844');

    // /px/get: the last tab, opened from a link, is scrolled into view with a fade before it.
    await page.goto(`${baseUrl}/px/get`);
    await page.waitForSelector('.px-tabs [aria-current=page]');
    chips = await rowState('.px-tabs');
    expect(chips.overflows).toBe(true);
    await expect.poll(async () => (await rowState('.px-tabs')).activeInView).toBe(true);
    expect((await rowState('.px-tabs')).more).toContain('start');
    await screenshot(page, 'px-get-tabs-390x844');
    expect(realErrors(errors)).toEqual([]);
    await ctx.close();

    // A desktop has room for every tab: no fade.
    const wide = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const desk = await wide.newPage();
    await desk.goto(`${baseUrl}/px/get`);
    await desk.waitForSelector('.px-tabs [aria-current=page]');
    expect(await desk.getAttribute('.px-tabs', 'data-more')).toBe('');
    await screenshot(desk, 'px-get-tabs-1440x900');
    await wide.close();
  });

  it('offers no way to buy a product without a price in the chosen currency, phone and desktop', async () => {
    for (const size of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      const phone = size.width < 900;
      const ctx = await browser.newContext({ viewport: size, isMobile: phone, hasTouch: phone });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await devSignIn(page, `Na${size.width}`);
      await page.goto(`${baseUrl}/stars`);
      // Restoring has no DOGS price.
      await page.click('[data-testid=shop-row-1]');
      await page.waitForSelector('[data-testid=purchase-popup]');
      await page.click('[data-testid=popup-currency] button:has-text("DOGS")');
      await page.waitForSelector('[data-testid=purchase-unavailable]');
      expect(await page.textContent('[data-testid=purchase-total]')).toContain('Not available');
      expect(await page.$('[data-testid=connect-wallet]')).toBeNull();
      expect(await page.$('[data-testid=buy-button]')).toBeNull();
      await screenshot(page, `purchase-not-available-${size.width}x${size.height}`);
      // The way on: a currency with a price, which asks for a wallet again.
      await page.click('[data-testid=purchase-unavailable] button');
      await page.waitForSelector('[data-testid=connect-wallet]');
      expect(await page.$('[data-testid=purchase-unavailable]')).toBeNull();
      expect(realErrors(errors)).toEqual([]);
      await ctx.close();
    }
  });

  // Needs global-setup to start the fake toncenter and the server with TON payments on.
  it.skipIf(!tonReady)('buys Dynamite with TON, and a second browser sees the 5×5 blast', async () => {
    const wallet = makeTestWallet();
    const playerCtx = await newPhone(browser);
    await injectTestWallet(playerCtx, wallet);
    const player = await playerCtx.newPage();
    const errors = watchErrors(player);
    await devSignIn(player, 'Buyer');
    const before = await dynamiteCount(player);

    await player.goto(`${baseUrl}/stars`);
    await player.click('[data-testid=shop-row-2]');
    await player.waitForSelector('[data-testid=purchase-popup]');
    await player.click('[data-testid=connect-wallet]');
    // TON Connect's list offers the injected wallet; picking it connects with a proof.
    await player.click('text=/Tonkeeper/i');
    await player.waitForSelector('[data-testid=buy-button]', { timeout: 15_000 });
    await screenshot(player, 'purchase-ton-390x844');
    await player.click('[data-testid=buy-button]');
    await player.waitForSelector('[data-testid=purchase-success]', { timeout: 15_000 });
    expect(await player.textContent('[data-testid=purchase-success]')).toBe('Success, wait 1-5 min!');
    await screenshot(player, 'purchase-ton-success-390x844');

    // The wallet "sent" the transfer; the chain (the fake indexer) now shows it.
    const sent = (await player.evaluate('window.__sentTransactions')) as {
      address: string;
      amount: string;
      memo: string;
    }[];
    expect(sent).toHaveLength(1);
    const [tx] = sent;
    const added = await fetch(`${fakes.tonIndexerUrl}/_fake/ton-transfers`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        from: wallet.address,
        to: tx!.address,
        nanotons: tx!.amount,
        comment: tx!.memo,
      }),
    });
    expect(added.ok).toBe(true);
    await expect.poll(() => dynamiteCount(player), { timeout: 30_000, interval: 500 }).toBe(before + 1);

    await dropDynamiteWatched(player);
    await menuWalletDisconnects(player);
    expect(realErrors(errors)).toEqual([]);
    await playerCtx.close();
  });

  // Needs global-setup to start the fake Bot API and the server with a bot token and webhook.
  it.skipIf(!starsReady)('buys Dynamite with Stars through the invoice', async () => {
    const ctx = await newPhone(browser);
    const page = await ctx.newPage();
    // This server has a bot token, so players come signed by Telegram (as the web-app link does).
    const initData = signInitData(
      {
        auth_date: String(Math.floor(Date.now() / 1000)),
        user: JSON.stringify({ id: 9_100_001, first_name: 'Starry' }),
      },
      inject('botToken'),
    );
    await page.goto(
      `${telegramUrl}/?initData=${encodeURIComponent(initData)}&startapp=x${BLAST_X}_y${BLAST_Y}`,
    );
    await page.waitForSelector('[data-testid=paint-button]', { timeout: 15_000 });
    const before = await dynamiteCount(page);
    // The invoice (https://t.me/$<slug>) is what the Mini App would open; the fake Bot API's Pay
    // page for its slug pays it.
    const invoice = await api<{ ok: true; result: string }>(page, '/buy/stars', { type: 2, qty: 1 });
    const pay = await ctx.newPage();
    await pay.goto(`${fakes.botApiUrl}/invoice/${invoice.result.slice('https://t.me/$'.length)}`);
    await pay.click('button');
    await expect.poll(() => dynamiteCount(page), { timeout: 15_000, interval: 300 }).toBe(before + 1);
    await page.goto(`${telegramUrl}/stars`);
    await page.waitForSelector(`[data-testid=shop-row-2] >> text=You have: ${before + 1}`);
    await screenshot(page, 'stars-after-purchase-390x844');
    await ctx.close();
  });

  /**
   * The side menu shows the linked wallet shortened, with a disconnect (SPEC §2), on a phone and on
   * a desktop; Disconnect unlinks it and the entry offers to connect again.
   */
  async function menuWalletDisconnects(player: Page): Promise<void> {
    const linked = await api<{ wallet_address: string | null }>(player, '/wallet/address');
    expect(linked.wallet_address).toMatch(/^[A-Za-z0-9+/_-]{48}$/);
    const address = linked.wallet_address!;
    await player.click('button[aria-label="Open menu"]');
    const shown = await player.waitForSelector('[data-testid=menu-wallet-address]');
    expect(await shown.textContent()).toBe(`${address.slice(0, 4)}…${address.slice(-4)}`);
    await screenshot(player, 'menu-wallet-390x844');
    await player.setViewportSize({ width: 1440, height: 900 });
    await screenshot(player, 'menu-wallet-1440x900');
    await player.click('[data-testid=menu-wallet-disconnect]');
    await player.waitForSelector('[role=dialog] [data-testid=connect-wallet]');
    expect(await api<{ wallet_address: string | null }>(player, '/wallet/address')).toEqual({
      wallet_address: null,
    });
    await screenshot(player, 'menu-wallet-disconnected-1440x900');
  }

  /** Arms the bomb, taps the selected pixel, and checks a second browser sees all 25 pixels. */
  async function dropDynamiteWatched(player: Page): Promise<void> {
    const watcherCtx = await newPhone(browser);
    const watcher = await watcherCtx.newPage();
    await watcher.goto(`${baseUrl}/?startapp=x${BLAST_X}_y${BLAST_Y}`);
    await watcher.waitForSelector('[data-testid=sync-status]', { state: 'detached', timeout: 20_000 });

    await player.goto(`${baseUrl}/?startapp=x${BLAST_X}_y${BLAST_Y}`);
    await player.waitForSelector('[data-testid=boost-2]');
    await player.click('button[aria-expanded][aria-label]:first-of-type');
    await player.click('[data-testid=palette] button[aria-label="#FF4500"]');
    await player.click('[data-testid=boost-2]');
    await player.waitForSelector('[data-testid=boost-hint]');
    await screenshot(player, 'wall-bomb-armed-390x844');
    // The launch pixel shows above the bottom panel and the bomb's hint: tap it.
    const { x, y } = await launchPixelPoint(player);
    const onTop = await player.evaluate(
      ({ x, y }) => (document.elementFromPoint(x, y) as HTMLElement | null)?.dataset.testid,
      { x, y },
    );
    expect(onTop).toBe('wall-canvas');
    await player.mouse.click(x, y);

    const ids = blastPixelIds(BLAST_X, BLAST_Y, 5);
    expect(ids).toContain(pixelIdOf(BLAST_X, BLAST_Y));
    for (const [dx, dy] of [
      [0, 0],
      [-2, -2],
      [2, 2],
      [-2, 2],
      [2, -2],
    ] as const) {
      await expect.poll(() => launchColour(watcher, dx, dy), { timeout: 2000, interval: 50 }).toBe('#FF4500');
    }
    // Just outside the square nothing changed.
    expect(await launchColour(watcher, 3, 0)).not.toBe('#FF4500');
    await screenshot(watcher, 'wall-blast-watcher-390x844');
    await watcherCtx.close();
  }
});

/**
 * A TON wallet living in the page, as an in-wallet browser injects one (TON Connect's JS bridge,
 * key 'tonkeeper'). It answers ton_proof requests with a real signature made here, and records
 * the transfers it is asked to send instead of sending them.
 */
async function injectTestWallet(
  ctx: BrowserContext,
  wallet: ReturnType<typeof makeTestWallet>,
): Promise<void> {
  await ctx.exposeBinding('__signTonProof', (_source, payload: string) =>
    signTonProof(wallet, {
      domain: fakes.tonProofDomain!,
      payload,
      timestamp: Math.floor(Date.now() / 1000),
      network: fakes.tonNetwork ?? '-239',
    }),
  );
  await ctx.addInitScript(
    ({ address, publicKey, stateInit, network }) => {
      type Proof = Awaited<ReturnType<typeof signTonProof>>;
      const w = window as unknown as Record<string, unknown> & {
        __signTonProof(payload: string): Promise<Proof>;
        __sentTransactions: { address: string; amount: string; memo: string }[];
      };
      w.__sentTransactions = [];
      const deviceInfo = {
        platform: 'browser',
        appName: 'tonkeeper',
        appVersion: '1.0.0',
        maxProtocolVersion: 2,
        features: ['SendTransaction', { name: 'SendTransaction', maxMessages: 4 }],
      };
      const account = { address, network, publicKey, walletStateInit: stateInit };
      const readComment = (boc: string): string => {
        // The server's payload is one cell: 32-bit zero op, then UTF-8 text (integrations/ton/comment.ts).
        const bytes = Uint8Array.from(atob(boc), (c) => c.charCodeAt(0));
        const text = new TextDecoder().decode(bytes.subarray(0, bytes.length - 4));
        const m = /\0\0\0\0([\x20-\x7e]+)/.exec(text);
        return m?.[1] ?? '';
      };
      w.tonkeeper = {
        tonconnect: {
          deviceInfo,
          walletInfo: { name: 'Tonkeeper', app_name: 'tonkeeper', image: '', tondns: '', about_url: '' },
          protocolVersion: 2,
          isWalletBrowser: false,
          async connect(_version: number, request: { items: { name: string; payload?: string }[] }) {
            const items: unknown[] = [{ name: 'ton_addr', ...account }];
            const proofItem = request.items.find((i) => i.name === 'ton_proof');
            if (proofItem?.payload) {
              const signed = await w.__signTonProof(proofItem.payload);
              const { state_init: _s, ...proof } = signed.proof;
              items.push({ name: 'ton_proof', proof });
            }
            return { event: 'connect', id: Date.now(), payload: { items, device: deviceInfo } };
          },
          async restoreConnection() {
            return { event: 'connect_error', id: Date.now(), payload: { code: 0, message: 'none' } };
          },
          async send(message: { method: string; params: string[]; id: string }) {
            if (message.method === 'sendTransaction') {
              const tx = JSON.parse(message.params[0]!) as {
                messages: { address: string; amount: string; payload: string }[];
              };
              for (const m of tx.messages)
                w.__sentTransactions.push({
                  address: m.address,
                  amount: m.amount,
                  memo: readComment(m.payload),
                });
              return { result: 'te6cc', id: message.id };
            }
            return { result: {}, id: message.id };
          },
          listen() {
            return () => {};
          },
        },
      };
    },
    {
      address: wallet.address,
      publicKey: wallet.publicKey,
      stateInit: wallet.stateInit,
      network: fakes.tonNetwork ?? '-239',
    },
  );
}
