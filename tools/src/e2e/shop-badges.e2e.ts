/**
 * The shop's operator marks as a player sees them, on a server of its own run with SHOP_SALE
 * (Restoring 75 % off), SHOP_EVENT (Pixanos' Snap) and SHOP_PX_DEFAULT_CURRENCY=on: the rows and
 * the purchase popup show the sale badge with the real discount, the regular price struck through
 * and the sale price charged; the shop opens in PX. Screenshots at 390×844 and 1440×900.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../lib/server-process.ts';
import { launchBrowser, openSignIn, screenshot, watchErrors } from './browser.ts';

const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

/** Waits until the popup's opening animations ran, so the screenshot shows it whole. */
async function popupSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .querySelector('[data-testid=purchase-popup]')
      ?.getAnimations({ subtree: true })
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** TON Connect's wallet list comes from the network, which the test machine does not have. */
function realErrors(errors: string[]): string[] {
  return errors.filter((e) => !/ERR_NAME_NOT_RESOLVED|TON_CONNECT_SDK|config\.ton\.org/.test(e));
}

describe('shop badges', () => {
  let browser: Browser;
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer({
      compiled: true,
      env: {
        RATE_LIMIT_IP_PER_MINUTE: '100000',
        RATE_LIMIT_SIGNIN_PER_MINUTE: '100000',
        SHOP_SALE: '1:75',
        SHOP_EVENT: '13',
        SHOP_PX_DEFAULT_CURRENCY: 'on',
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(size: (typeof SIZES)[number]): Promise<{ page: Page; close(): Promise<void> }> {
    const phone = size.width < 900;
    const ctx = await browser.newContext({
      viewport: size,
      deviceScaleFactor: phone ? 2 : 1,
      isMobile: phone,
      hasTouch: phone,
    });
    return { page: await ctx.newPage(), close: () => ctx.close() };
  }

  it('shows the sale and event badges on the rows, in PX by default', async () => {
    for (const size of SIZES) {
      const { page, close } = await open(size);
      const errors = watchErrors(page);
      await page.goto(`${server.url}/stars`);
      await page.waitForSelector('[data-testid=shop-rows]');
      // PX is the default currency while the flag is on.
      await expect
        .poll(() => page.textContent('[data-testid=currency-picker] [aria-pressed=true]'))
        .toContain('PX');
      const restoring = page.locator('[data-testid=shop-row-1]');
      expect(await restoring.locator('[data-testid=badge-sale] [aria-hidden=true]').innerText()).toMatch(
        /^-75\s?%$/,
      );
      expect(await restoring.locator('.shop-row__price').innerText()).toMatch(/1 PX\s+0\.25 PX/);
      expect(await page.locator('[data-testid=shop-row-regular-1]').innerText()).toMatch(/1 PX$/);
      const snap = page.locator('[data-testid=shop-row-13]');
      expect(await snap.locator('[data-testid=badge-event]').innerText()).toMatch(/event/i);
      expect(await snap.locator('[data-testid=badge-sale]').count()).toBe(0);
      expect(await page.locator('[data-testid=shop-row-2] .badge').count()).toBe(0);
      // In TON, the discount is the one TON's prices give.
      await page.click('[data-testid=currency-picker] button:has-text("TON")');
      expect(await restoring.locator('.shop-row__price').innerText()).toMatch(/0\.02 TON\s+0\.005 TON/);
      await page.click('[data-testid=currency-picker] button:has-text("PX")');
      await screenshot(page, `shop-badges-${size.width}x${size.height}`);
      expect(realErrors(errors)).toEqual([]);
      await close();
    }
  });

  it('shows the discount and the struck regular total in the purchase popup', async () => {
    for (const size of SIZES) {
      const { page, close } = await open(size);
      const errors = watchErrors(page);
      await page.goto(`${server.url}/?startapp=x600_y400`);
      await openSignIn(page);
      await page.fill('.dev-sign-in__input', `Sale${size.width}`);
      await page.click('.dev-sign-in button[type=submit]');
      await page.waitForSelector('[data-testid=paint-button]', { timeout: 15_000 });
      await page.goto(`${server.url}/stars`);
      await page.click('[data-testid=shop-row-1]');
      await page.waitForSelector('[data-testid=purchase-popup]');
      const popup = page.locator('[data-testid=purchase-popup]');
      expect(await popup.locator('[data-testid=badge-sale] [aria-hidden=true]').innerText()).toMatch(
        /^-75\s?%$/,
      );
      expect(await popup.locator('[data-testid=purchase-regular]').innerText()).toMatch(/1 PX$/);
      expect(await popup.locator('.purchase__price').innerText()).toBe('0.25 PX');
      // three at the sale price: 0.75 PX, the regular 3 PX struck through
      await page.click('[data-testid=purchase-popup] button[aria-label=More]');
      await page.click('[data-testid=purchase-popup] button[aria-label=More]');
      await expect.poll(() => popup.locator('.purchase__price').innerText()).toBe('0.75 PX');
      expect(await popup.locator('[data-testid=purchase-regular]').innerText()).toMatch(/3 PX$/);
      await popupSettled(page);
      await screenshot(page, `shop-badges-popup-${size.width}x${size.height}`);
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=purchase-popup]', { state: 'detached' });

      // The event badge in the popup of Pixanos' Snap.
      await page.click('[data-testid=shop-row-13]');
      await page.waitForSelector('[data-testid=purchase-popup] [data-testid=badge-event]');
      await popupSettled(page);
      await screenshot(page, `shop-badges-event-popup-${size.width}x${size.height}`);
      expect(realErrors(errors)).toEqual([]);
      await close();
    }
  });
});
