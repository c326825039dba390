/**
 * The basic colour line and All colours (14): a new player sees the basic line and the other 20
 * colours locked; a locked colour opens the purchase card of All colours (on the web, Stars are not
 * offered and TON has no price: "Not available"). In the Mini App the player pays 5,000 Stars
 * through the invoice, and back on the Wall the whole palette is usable without a reload.
 * Each state is shot at 390×844 and 1440×900.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { miniAppLaunchUrl, telegramClientScript } from '../fakes/telegram-client.ts';
import { miniAppLaunchData } from '../lib/players.ts';
import {
  api,
  launchBrowser,
  launchPixelPoint,
  openSignIn,
  PHONE,
  screenshot,
  wallColourAt,
  watchErrors,
} from './browser.ts';

const baseUrl = inject('baseUrl');
const telegramUrl = inject('telegramUrl');
const botToken = inject('botToken');
const botApiUrl = inject('fakes')?.botApiUrl ?? '';

const WIDE = { width: 1440, height: 900 };
const SIZES = [
  ['390x844', PHONE],
  ['1440x900', WIDE],
] as const;

function newContext(browser: Browser, size: { width: number; height: number }): Promise<BrowserContext> {
  const phone = size.width < 600;
  return browser.newContext({
    viewport: size,
    deviceScaleFactor: phone ? 2 : 1,
    isMobile: phone,
    hasTouch: phone,
  });
}

async function openColours(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid=paint-button]', { timeout: 20_000 });
  await page.click('button[aria-expanded][aria-label]:first-of-type');
  await page.waitForSelector('[data-testid=palette]');
}

const count = (page: Page, selector: string) => page.$$eval(selector, (els) => els.length);

describe('colours', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(SIZES)('shows the basic line, the rest locked, and the unlock card (%s)', async (name, size) => {
    const ctx = await newContext(browser, size);
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/?startapp=x${name === '390x844' ? 611 : 612}_y611`);
    await openSignIn(page);
    await page.fill('.dev-sign-in__input', `Locked ${name}`);
    await page.click('.dev-sign-in button[type=submit]');
    await openColours(page);

    expect(await count(page, '[data-testid=palette] button')).toBe(10);
    expect(await count(page, '[data-testid=palette-locked] button.swatch--locked')).toBe(20);
    expect(await page.textContent('[data-testid=unlock-colors]')).toBe('Unlock all colors for 5000 Stars');
    // The start colour is a basic one.
    const swatch = await page.$eval('.paint-bar__swatch', (el) => (el as HTMLElement).style.background);
    const basic = await page.$$eval('[data-testid=palette] button', (els) =>
      els.map((el) => (el as HTMLElement).style.background),
    );
    expect(basic).toContain(swatch);
    await screenshot(page, `colours-locked-${name}`);

    // A locked colour opens All colours' purchase card in the shop.
    await page.click('[data-testid=palette-locked] button[data-color="#6D001A"]');
    await page.waitForURL(/\/stars$/);
    await page.waitForSelector('[data-testid=purchase-popup]');
    expect(await page.textContent('[data-testid=purchase-popup]')).toContain('All colours');
    expect(await page.textContent('[data-testid=purchase-total]')).toContain('Not available');
    await screenshot(page, `colours-unlock-card-${name}`);

    expect(errors).toEqual([]);
    await ctx.close();
  });

  it.skipIf(!botApiUrl).each(SIZES)(
    'buys All colours with Stars in the Mini App; the palette unlocks without a reload (%s)',
    async (name, size) => {
      const ctx = await newContext(browser, size);
      await ctx.addInitScript({ content: telegramClientScript(botApiUrl) });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      const id = name === '390x844' ? 9_140_001 : 9_140_002;
      const x = 600 + (id % 10);
      const initData = miniAppLaunchData({ id, firstName: `Iris ${name}` }, botToken);
      await page.goto(
        miniAppLaunchUrl(telegramUrl, initData, { platform: 'android', startParam: `x${x}_y640` }),
      );
      await page.waitForSelector('[data-testid=intro]', { timeout: 20_000 });
      await page.click('[data-testid=intro] button:has-text("Skip")');
      await openColours(page);
      expect(await count(page, '[data-testid=palette-locked] button')).toBe(20);

      // The unlock label: the card, Stars, the invoice's Pay page.
      await page.click('[data-testid=unlock-colors]');
      await page.waitForSelector('[data-testid=purchase-popup]');
      await page.click('[data-testid=popup-currency] button:has-text("★")');
      expect(await page.textContent('[data-testid=purchase-total]')).toContain('5,000 Stars');
      const popup = ctx.waitForEvent('page');
      await page.click('[data-testid=buy-button]');
      const pay = await popup;
      await pay.waitForLoadState();
      expect(await pay.textContent('h1')).toMatch(/All colours/);
      expect(await pay.textContent('body')).toMatch(/5000 XTR/);
      await pay.click('button:has-text("Pay")');
      await page.waitForSelector('[data-testid=purchase-success]', { timeout: 15_000 });
      await pay.waitForEvent('close');

      // Back to the Wall in the same page: every colour is there to pick, and paints.
      await page.evaluate(() => {
        history.pushState(null, '', '/');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await openColours(page);
      await expect.poll(() => count(page, '[data-testid=palette] button'), { timeout: 10_000 }).toBe(30);
      expect(await page.$('[data-testid=palette-locked]')).toBeNull();
      expect(await page.$('[data-testid=unlock-colors]')).toBeNull();
      await page.click('[data-testid=palette] button[aria-label="#6D001A"]');
      await screenshot(page, `colours-unlocked-${name}`);
      await page.click('[data-testid=paint-button]');
      const pixelId = x + 640 * 1024 + 1;
      await expect
        .poll(
          async () => (await api<{ pixel: { color: string } }>(page, `/image/get/${pixelId}`)).pixel.color,
          {
            timeout: 10_000,
          },
        )
        .toBe('#6D001A');

      expect(errors).toEqual([]);
      await ctx.close();
    },
  );
  it.skipIf(!botApiUrl)(
    'the pipette on a locked colour offers the unlock instead of taking it (390x844)',
    async () => {
      // The pixel the 1440x900 buyer painted #6D001A above.
      const x = 600 + (9_140_002 % 10);
      const ctx = await newContext(browser, PHONE);
      await ctx.addInitScript({ content: telegramClientScript(botApiUrl) });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      const initData = miniAppLaunchData({ id: 9_140_003, firstName: 'Pip' }, botToken);
      await page.goto(
        miniAppLaunchUrl(telegramUrl, initData, { platform: 'android', startParam: `x${x}_y640` }),
      );
      await page.waitForSelector('[data-testid=intro]', { timeout: 20_000 });
      await page.click('[data-testid=intro] button:has-text("Skip")');
      await page.waitForSelector('[data-testid=paint-button]', { timeout: 20_000 });
      const swatch = () => page.$eval('.paint-bar__swatch', (el) => (el as HTMLElement).style.background);

      // The pipette is bought with Stars from its '+' button.
      await page.click('[data-testid=boost-4]');
      await page.waitForSelector('[data-testid=purchase-popup]');
      await page.click('[data-testid=popup-currency] button:has-text("★")');
      const popup = ctx.waitForEvent('page');
      await page.click('[data-testid=buy-button]');
      const pay = await popup;
      await pay.waitForLoadState();
      await pay.click('button:has-text("Pay")');
      await page.waitForSelector('[data-testid=purchase-success]', { timeout: 15_000 });
      await pay.waitForEvent('close');
      await page.evaluate(() => {
        history.pushState(null, '', '/');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.waitForSelector('[data-testid=paint-button]');
      await expect.poll(() => page.$('[data-testid=boost-count-4]'), { timeout: 10_000 }).toBeNull();

      // Armed, a tap on the locked pixel keeps the colour and opens All colours' card.
      await page.click('[data-testid=boost-4]');
      await page.waitForSelector('[data-testid=pipette-hint]');
      // Back from the shop the Wall shows the view it had: look for the pixel near the middle.
      const around = await launchPixelPoint(page);
      let at: { x: number; y: number } | null = null;
      for (let dy = -12; dy <= 12 && !at; dy++) {
        for (let dx = -12; dx <= 12 && !at; dx++) {
          const p = { x: around.x + dx * 8, y: around.y + dy * 8 };
          if ((await wallColourAt(page, p)) === '#6D001A') at = p;
        }
      }
      if (!at) throw new Error('the locked pixel is not in view');
      await page.mouse.click(at.x, at.y);
      await page.waitForSelector('.toast:has-text("That colour is locked")');
      await page.waitForURL(/\/stars$/);
      await page.waitForSelector('[data-testid=purchase-popup]');
      expect(await page.textContent('[data-testid=purchase-popup]')).toContain('All colours');
      await screenshot(page, 'colours-pipette-locked-390x844');
      await page.click('[data-testid=popup-currency] button:has-text("★")');
      expect(await page.textContent('[data-testid=purchase-total]')).toContain('5,000 Stars');
      await page.evaluate(() => {
        history.pushState(null, '', '/');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.waitForSelector('[data-testid=paint-button]');
      // The locked colour was not taken: neither active nor among the recent ones.
      expect(await swatch()).not.toBe('rgb(109, 0, 26)');
      expect(await page.evaluate(() => localStorage.getItem('colors') ?? '')).not.toContain('#6D001A');

      expect(errors).toEqual([]);
      await ctx.close();
    },
  );
});
