/**
 * Buying with Stars in the Mini App, as Telegram's mobile clients run it: the page is opened with
 * a signed launch link (launch parameters in the hash), and the fake Telegram client
 * (tools/src/fakes/telegram-client.js, the one `npm run demo` serves) plays the client's side of
 * the bridge through `window.TelegramWebviewProxy`. The shop's Buy button goes through the SDK's
 * `invoice.openUrl` with the `https://t.me/$<slug>` link the fake Bot API made; the client opens the
 * fake's Pay page, which pays through the webhook, and the app hears `invoice_closed` paid.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { miniAppLaunchUrl, telegramClientScript } from '../fakes/telegram-client.ts';
import { miniAppLaunchData } from '../lib/players.ts';
import { api, launchBrowser, newPhone, screenshot, watchErrors } from './browser.ts';

const telegramUrl = inject('telegramUrl');
const botToken = inject('botToken');
const botApiUrl = inject('fakes')?.botApiUrl ?? '';

interface SentEvent {
  name: string;
  params?: Record<string, unknown>;
}

async function sent(page: Page, name: string): Promise<SentEvent[]> {
  const all = await page.evaluate(
    () => (window as unknown as { fakeTelegramClientEvents?: SentEvent[] }).fakeTelegramClientEvents ?? [],
  );
  return all.filter((e) => e.name === name);
}

async function dynamiteCount(page: Page): Promise<number> {
  const list = await api<{ goodsAvailable: Record<string, number> }>(page, '/buy/list');
  return list.goodsAvailable['2'] ?? 0;
}

describe('Stars in the Mini App', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.skipIf(!botApiUrl)(
    'buys Dynamite with Stars from the shop through the invoice and its Pay page',
    async () => {
      const ctx = await newPhone(browser);
      await ctx.addInitScript({ content: telegramClientScript(botApiUrl) });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      const initData = miniAppLaunchData({ id: 9_100_002, firstName: 'Stella' }, botToken);
      await page.goto(miniAppLaunchUrl(telegramUrl, initData, { platform: 'android' }));

      // Signed in by the launch data alone, in the Telegram platform.
      await page.waitForSelector('[data-testid=intro]', { timeout: 20_000 });
      expect(await page.evaluate(() => document.documentElement.dataset.platform)).toBe('telegram');
      await page.click('[data-testid=intro] button:has-text("Skip")');
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('authToken')), { timeout: 20_000 })
        .not.toBeNull();
      expect(await page.$('.dev-sign-in')).toBeNull();
      const before = await dynamiteCount(page);

      await page.evaluate(() => {
        history.pushState(null, '', '/stars');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.click('[data-testid=shop-row-2]');
      await page.waitForSelector('[data-testid=purchase-popup]');
      await page.click('[data-testid=popup-currency] button:has-text("★")');
      const popup = ctx.waitForEvent('page');
      await page.click('[data-testid=buy-button]');

      // The SDK asked the client for the invoice by the slug of the t.me link; the Pay page opened.
      const pay = await popup;
      await pay.waitForLoadState();
      const [opened] = await sent(page, 'web_app_open_invoice');
      expect(opened?.params?.slug).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(pay.url()).toBe(`${botApiUrl}/invoice/${opened?.params?.slug}`);
      expect(await pay.textContent('h1')).toMatch(/Dynamite/);
      // Clean UTF-8: the description's multiplication sign reads as one.
      expect(await pay.textContent('body')).toMatch(/5×5[\s\S]*\d+ XTR/);
      await screenshot(pay, 'miniapp-stars-pay-page-390x844');
      await pay.click('button:has-text("Pay")');
      await pay.waitForSelector('[role=status]:has-text("Paid.")');

      // invoice_closed paid: the popup says so, and the item is credited.
      await page.waitForSelector('[data-testid=purchase-success]', { timeout: 15_000 });
      expect(await page.textContent('[data-testid=purchase-success]')).toBe('You bought it!');
      await pay.waitForEvent('close');
      await expect.poll(() => dynamiteCount(page), { timeout: 15_000, interval: 300 }).toBe(before + 1);
      await screenshot(page, 'miniapp-stars-bought-390x844');

      expect(errors).toEqual([]);
      await ctx.close();
    },
  );
});
