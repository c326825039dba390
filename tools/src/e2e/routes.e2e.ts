/**
 * Four calls of SPEC §7 as a player meets them: the award winners on /ratings/awards (nothing yet,
 * then the player who won a paint reward), the final mining results in the mining sheet, the
 * language kept on the server (after sign-in and when picked in /settings), and the map of the
 * player's own pixels under the profile's pixel prices (/image/mask and /image/mask/{price}).
 *
 * Its own server: every paint pays a reward (PAINT_REWARD_ONE_IN=1) and PX are mined fast enough
 * to see (MINING_PX_PER_SECOND). Screenshots at 390×844 and 1440×900.
 */
import { pixelIdOf, pixelPrice } from '@pixel-wall/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../lib/server-process.ts';
import { api, launchBrowser, newPhone, openSignIn, screenshot, watchErrors } from './browser.ts';

const X = 512;
const Y = 300;
const WIDE = { width: 1440, height: 900 };

async function newWide(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: WIDE, deviceScaleFactor: 1 });
}

async function devSignIn(page: Page, baseUrl: string, name: string): Promise<void> {
  await page.goto(`${baseUrl}/?startapp=x${X}_y${Y}`);
  await openSignIn(page);
  await page.fill('.dev-sign-in__input', name);
  await page.click('.dev-sign-in button[type=submit]');
  await page.waitForSelector('[data-testid=paint-button]', { timeout: 15_000 });
}

const pxOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

describe('results, language, award winners and the own-pixel map', () => {
  let browser: Browser;
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer({
      env: {
        RATE_LIMIT_IP_PER_MINUTE: '100000',
        RATE_LIMIT_SIGNIN_PER_MINUTE: '100000',
        PAINT_REWARD_ONE_IN: '1',
        MINING_PX_PER_SECOND: '5',
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows nothing yet on /ratings/awards, then the winner of a paint reward', async () => {
    for (const [size, open] of [
      ['390x844', newPhone],
      ['1440x900', newWide],
    ] as const) {
      const ctx = await open(browser);
      const page = await ctx.newPage();
      await page.goto(`${server.url}/ratings/awards`);
      await page.getByText('Nothing yet. The first awards are still being painted.').waitFor();
      await screenshot(page, `routes-awards-empty-${size}`);
      await ctx.close();
    }

    const ctx = await newPhone(browser);
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await devSignIn(page, server.url, 'Lucky');
    await page.click('[data-testid=paint-button]');
    await page.waitForSelector('[data-testid=pixel-reward]');
    await page.click('[data-testid=pixel-reward] .popup__close');
    await page.waitForSelector('[data-testid=pixel-reward]', { state: 'detached' });

    await page.goto(`${server.url}/ratings/awards`);
    await page.waitForSelector('[data-testid=award-row]');
    expect(await page.textContent('[data-testid=award-row]')).toContain('Lucky');
    expect(await page.textContent('[data-testid=award-prize]')).not.toBe('');
    await screenshot(page, 'routes-awards-list-390x844');
    const wide = await newWide(browser);
    const widePage = await wide.newPage();
    await widePage.goto(`${server.url}/ratings/awards`);
    await widePage.waitForSelector('[data-testid=award-row]');
    await screenshot(widePage, 'routes-awards-list-1440x900');
    // A tap opens the winner's profile.
    await page.click('[data-testid=award-row]');
    await page.waitForSelector('.player-popup');
    expect(errors).toEqual([]);
    await wide.close();
    await ctx.close();
  });

  it('shows the final mining results in the mining sheet, updated by a claim', async () => {
    for (const [size, open] of [
      ['390x844', newPhone],
      ['1440x900', newWide],
    ] as const) {
      const ctx = await open(browser);
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await devSignIn(page, server.url, `Miner ${size}`);
      await page.click('[data-testid=mining-chip]');
      await page.waitForSelector('[data-testid=mining-results]');
      expect(await page.textContent('[data-testid=results-place]')).toBe('Claim PX to take a place');
      await expect
        .poll(async () => pxOf(await page.textContent('[data-testid=mining-px]')), { timeout: 10_000 })
        .toBeGreaterThan(10);
      await page.click('[data-testid=mining-claim]');
      await expect
        .poll(async () => pxOf(await page.textContent('[data-testid=results-mined]')), { timeout: 10_000 })
        .toBeGreaterThan(10);
      expect(await page.textContent('[data-testid=results-place]')).toMatch(/^#\d of \d$/);
      await page.locator('[data-testid=mining-results]').scrollIntoViewIfNeeded();
      await screenshot(page, `routes-mining-results-${size}`);
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });

  it('keeps the language on the server after sign-in and when picked in /settings', async () => {
    const ctx = await newPhone(browser);
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await devSignIn(page, server.url, 'Polyglot');
    // After sign-in the app's language (English here) goes to the server, which had none.
    await expect
      .poll(async () => (await api<{ locale: string | null }>(page, '/users/me')).locale)
      .toBe('en');
    await page.goto(`${server.url}/settings`);
    await page.click('label:has([data-testid=language-de])');
    await expect
      .poll(async () => (await api<{ locale: string | null }>(page, '/users/me')).locale)
      .toBe('de');
    await page.getByText('Einstellungen').first().waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('maps the player’s own pixels under the pixel prices, all of them or one price', async () => {
    const price = pixelPrice(pixelIdOf(X, Y));
    for (const [size, open] of [
      ['390x844', newPhone],
      ['1440x900', newWide],
    ] as const) {
      const ctx = await open(browser);
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await devSignIn(page, server.url, `Owner ${size}`);
      await page.click('[data-testid=paint-button]');
      await page.waitForSelector('[data-testid=pixel-reward]');
      await page.click('[data-testid=pixel-reward] .popup__close');
      await page.goto(`${server.url}/my-profile?tab=inventory`);
      await page.waitForSelector('[data-testid=own-pixels-map]');
      await expect.poll(() => page.textContent('[data-testid=own-pixels-count]')).toBe('Your pixels here: 1');
      await page.click(`[data-testid=own-pixels] [role=tab]:has-text("${price} PX")`);
      await expect.poll(() => page.textContent('[data-testid=own-pixels-count]')).toBe('Your pixels here: 1');
      await page.locator('[data-testid=own-pixels]').scrollIntoViewIfNeeded();
      await screenshot(page, `routes-own-pixels-${size}`);
      const other = price === 1 ? 2 : 1;
      await page.click(`[data-testid=own-pixels] [role=tab]:has-text("${other} PX")`);
      await expect
        .poll(() => page.textContent('[data-testid=own-pixels-count]'))
        .toBe('You own no pixels here yet.');
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });
});
