/**
 * The web app on a phone (390×844) and a desktop (1440×900), as a newcomer reviews it: every sheet
 * and popup clears the header and its ✕ closes it (never the side menu under it); the /px tabs
 * show the current one and point at the hidden ones; a newcomer's recent colour is the one they
 * start with; a reload keeps the camera and a new visit offers the way back to the last pixel;
 * /energy-over with full charges offers no shop, /pay-support without a contact address invites
 * no writing, and /px/buyback states the configured commitment. Screenshots are saved.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { activeColour, launchBrowser, openSignIn, screenshot, watchErrors } from './browser.ts';

const baseUrl = inject('baseUrl');

const SIZES = [
  { name: '390x844', viewport: { width: 390, height: 844 }, phone: true },
  { name: '1440x900', viewport: { width: 1440, height: 900 }, phone: false },
] as const;
type Size = (typeof SIZES)[number];

async function waitLive(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid=wall-canvas]');
  await page.waitForSelector('[data-testid=sync-status]', { state: 'detached', timeout: 20_000 });
}

async function devSignIn(page: Page, name: string): Promise<void> {
  await openSignIn(page);
  await page.fill('.dev-sign-in__input', name);
  await page.click('.dev-sign-in button[type=submit]');
  await page.waitForSelector('[data-testid=mining-chip]', { timeout: 15_000 });
}

/** A tap on a phone, a click on a desktop. */
async function press(page: Page, size: Size, selector: string): Promise<void> {
  if (size.phone) await page.locator(selector).first().tap();
  else await page.locator(selector).first().click();
}

/**
 * The dialog open now: its ✕ is the element a tap on it reaches, clear of the header (`sheet`,
 * not a drawer opened from the header itself); the tap closes it and opens nothing else.
 */
async function closeWithX(page: Page, size: Size, shot: string, clearOfHeader = true): Promise<void> {
  const close = '[role=dialog] button[aria-label="Close"]';
  await page.waitForSelector(close);
  // The panels rise in a few steps: measure where they come to rest.
  await page.waitForTimeout(400);
  const place = await page.evaluate((close) => {
    const buttons = document.querySelectorAll<HTMLElement>(close);
    const button = buttons[buttons.length - 1]!;
    const box = button.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    const header = document.querySelector('.header')!.getBoundingClientRect();
    return { onTop: hit === button || button.contains(hit), top: box.top, headerBottom: header.bottom };
  }, close);
  await screenshot(page, `${shot}-${size.name}`);
  expect(place.onTop, `${shot}: something covers the ✕`).toBe(true);
  if (clearOfHeader)
    expect(place.top, `${shot}: the ✕ is under the header`).toBeGreaterThanOrEqual(place.headerBottom);
  await press(page, size, close);
  await page.waitForSelector('[role=dialog]', { state: 'detached' });
  expect(await page.$('.overlay--side'), `${shot}: the ✕ opened the side menu`).toBeNull();
}

describe('the app on a phone and a desktop', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  async function open(size: Size): Promise<BrowserContext> {
    const ctx = await browser.newContext({
      viewport: size.viewport,
      deviceScaleFactor: size.phone ? 2 : 1,
      isMobile: size.phone,
      hasTouch: size.phone,
    });
    contexts.push(ctx);
    return ctx;
  }

  for (const size of SIZES) {
    it(`every sheet and popup clears the header and its ✕ closes it at ${size.name}`, async () => {
      const page = await (await open(size)).newPage();
      const errors = watchErrors(page);
      await page.goto(`${baseUrl}/?startapp=x512_y300`);
      await waitLive(page);
      await devSignIn(page, `Sheets ${size.name}`);

      await press(page, size, '[data-testid=mining-chip]');
      await closeWithX(page, size, 'phone-mining-sheet');
      await press(page, size, '[data-testid=templates-open]');
      await closeWithX(page, size, 'phone-templates-sheet');
      await press(page, size, '.header button[aria-label="Game modes"]');
      await closeWithX(page, size, 'phone-game-modes');
      // The side menu is a drawer from the header's own button: it may cover the header.
      await press(page, size, '.header button[aria-label="Open menu"]');
      await closeWithX(page, size, 'phone-side-menu', false);

      // A centred popup: the shop's purchase card.
      await page.goto(`${baseUrl}/stars`);
      await press(page, size, '[data-testid=shop-row-1]');
      await closeWithX(page, size, 'phone-purchase-popup');
      expect(errors).toEqual([]);
    });
  }

  it('the /px tabs show the current one and point at the hidden ones on a phone', async () => {
    const page = await (await open(SIZES[0])).newPage();
    const errors = watchErrors(page);
    const inView = (name: string) =>
      page.evaluate((name) => {
        const tab = Array.from(document.querySelectorAll<HTMLElement>('.px-tabs a')).find(
          (a) => a.textContent === name,
        )!;
        const box = tab.getBoundingClientRect();
        return box.left >= 0 && box.right <= window.innerWidth;
      }, name);
    await page.goto(`${baseUrl}/px/token`);
    await page.waitForSelector('.px-tabs[data-more]');
    expect(await inView('Get PX')).toBe(false);
    // An arrow over the faded end points at the tabs out of sight; a tap brings them in.
    await page.waitForSelector('[data-testid=scroll-cue-next]', { state: 'visible' });
    await screenshot(page, 'phone-px-tabs-token-390x844');
    await page.locator('[data-testid=scroll-cue-next]').tap();
    await expect.poll(() => inView('Get PX')).toBe(true);
    await page.waitForSelector('[data-testid=scroll-cue-next]', { state: 'hidden' });

    // Opened on the last tab, the row starts scrolled to it.
    await page.goto(`${baseUrl}/px/get`);
    await page.waitForSelector('.px-tabs[data-more]');
    expect(await inView('Get PX')).toBe(true);
    await screenshot(page, 'phone-px-tabs-get-390x844');
    expect(errors).toEqual([]);
  });

  it('on a desktop every /px tab fits, and no arrow shows', async () => {
    const page = await (await open(SIZES[1])).newPage();
    await page.goto(`${baseUrl}/px/token`);
    await page.waitForSelector('.px-tabs[data-more]');
    expect(await page.getAttribute('.px-tabs', 'data-more')).toBe('');
    expect(await page.isVisible('[data-testid=scroll-cue-next]')).toBe(false);
  });

  for (const size of SIZES) {
    it(`a newcomer's recent colour is their start colour; the way back to the last pixel at ${size.name}`, async () => {
      const ctx = await open(size);
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      const x = size.phone ? 60 : 960;
      const y = size.phone ? 80 : 990;
      await page.goto(`${baseUrl}/?startapp=x${x}_y${y}`);
      await waitLive(page);
      await devSignIn(page, `Newcomer ${size.name}`);
      await page.waitForSelector('[data-testid=paint-button]');

      // Never a white nobody picked: the recent row holds the colour the player starts with.
      await page.click('button[aria-expanded][aria-label]:first-of-type');
      const recent = await page.$$eval('[data-testid=recent-colors] button', (buttons) =>
        buttons.map((b) => b.getAttribute('aria-label')),
      );
      expect(recent).toEqual([await activeColour(page)]);
      expect(recent).not.toContain('#FFFFFF');
      await screenshot(page, `phone-recent-colours-${size.name}`);
      await page.click('button[aria-expanded][aria-label]:first-of-type');

      await page.click('[data-testid=paint-button]');
      await expect.poll(() => page.textContent('[data-testid=charges]'), { timeout: 10_000 }).toBe('4/5');

      // A new visit opens on the whole wall, where the pixel is a speck: the way back is offered.
      const again = await ctx.newPage();
      await again.goto(`${baseUrl}/`);
      await waitLive(again);
      await again.waitForSelector('[data-testid=last-pixel]');
      await screenshot(again, `phone-last-pixel-${size.name}`);
      await press(again, size, '[data-testid=last-pixel]');
      await again.waitForSelector('[data-testid=last-pixel]', { state: 'detached' });
      await again.waitForSelector('[data-testid=paint-button]');
      await screenshot(again, `phone-last-pixel-shown-${size.name}`);

      // A reload keeps the camera for the session: still at the pixel, nothing to offer.
      await again.reload();
      await waitLive(again);
      await again.waitForSelector('[data-testid=paint-button]');
      expect(await again.$('[data-testid=last-pixel]')).toBeNull();
      expect(errors).toEqual([]);
    });
  }

  for (const size of SIZES) {
    it(`says only what is true on /energy-over, /pay-support and /px/buyback at ${size.name}`, async () => {
      const page = await (await open(size)).newPage();
      const errors = watchErrors(page);
      await page.goto(`${baseUrl}/`);
      await waitLive(page);
      await devSignIn(page, `Truth ${size.name}`);

      // Every charge there: nothing to buy, nothing to wait for.
      await page.goto(`${baseUrl}/energy-over`);
      await page.waitForSelector('[data-testid=energy-full]');
      expect(await page.textContent('[data-testid=charges]')).toBe('5/5');
      expect(await page.$('button:has-text("Shop")')).toBeNull();
      await screenshot(page, `phone-energy-full-${size.name}`);

      // This server publishes no contact address: no invitation to write.
      await page.goto(`${baseUrl}/pay-support`);
      await page.waitForSelector('[data-testid=support-email][data-contact=none]');
      expect(await page.textContent('[data-testid=pay-support-page]')).not.toMatch(
        /Write to us|Contact us at/,
      );
      await screenshot(page, `phone-pay-support-${size.name}`);

      // PX_BUYBACK_COMMITTED is set for this server: the statement names it.
      await page.goto(`${baseUrl}/px/buyback`);
      await page.waitForSelector('[data-testid=buyback-committed]');
      expect(await page.textContent('[data-testid=buyback-committed]')).toContain('More than $10M');
      await screenshot(page, `phone-buyback-${size.name}`);
      expect(errors).toEqual([]);
    });
  }
});
