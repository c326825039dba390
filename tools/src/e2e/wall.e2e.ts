/**
 * The spine, as a player sees it: a guest opens the Wall on a phone, signs in, paints a pixel, and
 * a second browser watching the same spot sees the colour arrive within a second.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  activeColour,
  DESKTOP,
  launchBrowser,
  launchColour,
  launchPixelPoint,
  newDesktop,
  newPhone,
  openSignIn,
  overlapping,
  screenshot,
  wallColourAt,
  watchErrors,
} from './browser.ts';

const baseUrl = inject('baseUrl');
const X = 321;
const Y = 123;

async function waitLive(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid=wall-canvas]');
  await page.waitForSelector('[data-testid=sync-status]', { state: 'detached', timeout: 20_000 });
}

/** Signs in through the dev form; `then` is what the signed-in Wall shows next. */
async function devSignIn(page: Page, name: string, then = '[data-testid=paint-button]'): Promise<void> {
  await openSignIn(page);
  await page.fill('.dev-sign-in__input', name);
  await page.click('.dev-sign-in button[type=submit]');
  await page.waitForSelector(then, { timeout: 15_000 });
}

describe('the Wall', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a new player signs in and paints; a second browser sees the pixel within a second', async () => {
    const watcherCtx = await newPhone(browser);
    const watcher = await watcherCtx.newPage();
    const watcherErrors = watchErrors(watcher);
    await watcher.goto(`${baseUrl}/?startapp=x${X}_y${Y}`);
    await waitLive(watcher);
    expect(await launchColour(watcher)).toBe('#FFFFFF');

    const playerCtx = await newPhone(browser);
    const player = await playerCtx.newPage();
    const playerErrors = watchErrors(player);
    await player.goto(`${baseUrl}/?startapp=x${X}_y${Y}`);
    await waitLive(player);
    await player.waitForSelector('[data-testid=hint-guest]');
    await screenshot(player, 'wall-guest-390x844');

    await devSignIn(player, 'Ada');
    await expect.poll(() => player.textContent('[data-testid=charges]')).toBe('5/5');
    await screenshot(player, 'wall-signed-in-390x844');

    // Pick orange-red from the palette, then paint.
    await player.click('button[aria-expanded][aria-label]:first-of-type');
    await player.click('[data-testid=palette] button[aria-label="#FF4500"]');
    await screenshot(player, 'wall-palette-390x844');
    const before = Date.now();
    await player.click('[data-testid=paint-button]');
    await expect.poll(() => player.textContent('[data-testid=charges]')).toBe('4/5');
    await expect.poll(() => launchColour(watcher), { timeout: 1000, interval: 50 }).toBe('#FF4500');
    const seenAfterMs = Date.now() - before;
    expect(seenAfterMs).toBeLessThan(1000);
    expect(await launchColour(player)).toBe('#FF4500');
    await screenshot(watcher, 'wall-watcher-390x844');

    // Pixel info names the painter.
    await player.click('button[aria-label][aria-expanded]:nth-of-type(2)');
    await player.waitForSelector('[data-testid=pixel-info] >> text=Ada');
    await screenshot(player, 'wall-pixel-info-390x844');

    expect(playerErrors).toEqual([]);
    expect(watcherErrors).toEqual([]);
    await watcherCtx.close();
    await playerCtx.close();
  });

  it('loads the canvas through the socket (canvas:main), decoded in a worker, with the pixels painted before', async () => {
    const ctx = await newPhone(browser);
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    const httpSnapshots: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/image/canvas')) httpSnapshots.push(r.url());
    });
    let canvasRpcs = 0;
    page.on('websocket', (ws) =>
      ws.on('framesent', ({ payload }) => {
        // rpc 1 canvas:main: [1][request id u32], nothing else
        if (typeof payload !== 'string' && payload.length === 5 && payload[0] === 1) canvasRpcs++;
      }),
    );
    await page.goto(`${baseUrl}/?startapp=x${X}_y${Y}`);
    await waitLive(page);
    expect(canvasRpcs).toBeGreaterThanOrEqual(1);
    // HTTP /image/canvas is only the fallback: a healthy socket needs none.
    expect(httpSnapshots).toEqual([]);
    expect(workers.some((url) => url.includes('snapshot.worker'))).toBe(true);
    // The test above painted this pixel; a page opened later reads it from the socket's canvas.
    // Read until it shows: the renderer draws on an animation frame after the store changes
    // (renderer.ts), so the sync status can be gone a frame before the pixel is on the canvas.
    // Nothing paints this pixel again, so only the socket's snapshot can bring it.
    await expect.poll(() => launchColour(page)).toBe('#FF4500');
    expect(httpSnapshots).toEqual([]);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('goes to /energy-over when the charges run out', async () => {
    const ctx = await newPhone(browser);
    const page = await ctx.newPage();
    await page.goto(`${baseUrl}/?startapp=x10_y10`);
    await waitLive(page);
    await devSignIn(page, 'Bo');
    for (let i = 0; i < 5; i++) {
      await page.click('[data-testid=paint-button]');
      // The count rolls to its new value (500 ms) after the paint's commit: allow for both.
      await expect
        .poll(() => page.textContent('[data-testid=charges]'), { timeout: 5000 })
        .toBe(`${4 - i}/5`);
    }
    const point = await launchPixelPoint(page);
    const painted = await wallColourAt(page, point);
    expect(painted).toBe(await activeColour(page));
    await page.click('[data-testid=paint-button]');
    await page.waitForURL(/\/energy-over$/);
    expect(await page.textContent('h1')).toBe('Energy is over');
    // The web's shop is the TON Shop (SPEC §1), never "Stars Shop".
    await page.waitForSelector('button:has-text("Use TON Shop")');
    expect(await page.$('text=/Stars Shop/')).toBeNull();
    await screenshot(page, 'energy-over-390x844');

    // Okay: back to the Wall as it was left, the same pixel selected at the same zoom.
    await page.click('button:has-text("Okay")');
    await page.waitForURL((url) => url.pathname === '/');
    await page.waitForSelector('[data-testid=paint-button]');
    expect(await page.$('[data-testid=hint-select]')).toBeNull();
    // The Wall comes back at the same place; its canvas arrives over the socket a moment later.
    await expect.poll(() => wallColourAt(page, point), { timeout: 5000 }).toBe(painted);
    await screenshot(page, 'energy-over-okay-390x844');
    await ctx.close();
  });

  it('/energy-over with charges left says so, phone and desktop', async () => {
    for (const size of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      const phone = size.width < 900;
      const ctx = await browser.newContext({ viewport: size, isMobile: phone, hasTouch: phone });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await page.goto(`${baseUrl}/?startapp=x40_y40`);
      await waitLive(page);
      await devSignIn(page, `Full${size.width}`);
      await page.goto(`${baseUrl}/energy-over`);
      await page.waitForSelector('[data-testid=charges]');
      expect(await page.textContent('[data-testid=charges]')).toBe('5/5');
      expect(await page.textContent('h1')).toBe('You have energy');
      expect(await page.$('[role=timer]')).toBeNull();
      await screenshot(page, `energy-over-charged-${size.width}x${size.height}`);
      await page.click('button:has-text("Go paint")');
      await page.waitForURL((url) => url.pathname === '/');
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });

  it('a new player sees their first pixel: zoomed in from the fitted wall, ringed, never white', async () => {
    for (const size of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      const phone = size.width < 900;
      const ctx = await browser.newContext({ viewport: size, isMobile: phone, hasTouch: phone });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await page.goto(baseUrl);
      await waitLive(page);
      await devSignIn(page, `New${size.width}`, '[data-testid=hint-select]');
      // A tap on the fitted wall, where one pixel is smaller than a screen pixel, selects one.
      const canvas = (await (await page.$('[data-testid=wall-canvas]'))!.boundingBox())!;
      const at = { x: canvas.x + canvas.width / 2 + 17, y: canvas.y + canvas.height / 2 - 23 };
      if (phone) await page.touchscreen.tap(at.x, at.y);
      else await page.mouse.click(at.x, at.y);
      await page.waitForSelector('[data-testid=paint-button]');
      const colour = await activeColour(page);
      expect(['#FFFFFF', '#D4D7D9']).not.toContain(colour);
      await screenshot(page, `wall-first-select-${size.width}x${size.height}`);
      await page.click('[data-testid=paint-button]');
      await expect.poll(() => page.textContent('[data-testid=charges]')).toBe('4/5');
      // The Wall zooms in to the painted pixel (PAINT_ZOOM_SCALE, 20 px) in the uncovered middle.
      await expect
        .poll(async () => wallColourAt(page, await launchPixelPoint(page), 0, 0, 20), { timeout: 3000 })
        .toBe(colour);
      // A ring marks it for a moment: yellow just outside the pixel, then gone.
      await screenshot(page, `wall-first-paint-${size.width}x${size.height}`);
      await page.waitForTimeout(1600);
      await screenshot(page, `wall-first-paint-after-${size.width}x${size.height}`);
      expect(await wallColourAt(page, await launchPixelPoint(page), 0, 0, 20)).toBe(colour);
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });

  it('looks right on a desktop, for guests and players', async () => {
    const ctx = await newDesktop(browser);
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await page.goto(baseUrl);
    await waitLive(page);
    await page.waitForSelector('[data-testid=welcome]');
    expect(page.viewportSize()).toEqual(DESKTOP);
    await screenshot(page, 'wall-guest-1280x800');
    // Signed in with nothing selected: the hint shows instead of the paint bar.
    await devSignIn(page, 'Desk', '[data-testid=hint-select]');
    await screenshot(page, 'wall-signed-in-1280x800');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("keeps a guest's sign-in banner clear of the template controls, desktop and phones", async () => {
    const chrome = [
      '.guest-banner',
      '[data-testid=template-toggle]',
      '[data-testid=templates-open]',
      '[data-testid=template-panel]',
      '.wall-zoom',
      '[data-testid=wall-offer]',
      '[data-testid=wall-daily]',
      '[data-testid=hidden-chip]',
      '[data-testid=welcome]',
    ];
    for (const size of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
      { width: 360, height: 640 },
    ]) {
      const phone = size.width < 900;
      const ctx = await browser.newContext({ viewport: size, isMobile: phone, hasTouch: phone });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await page.goto(baseUrl);
      await waitLive(page);
      await page.waitForSelector('.guest-banner');
      expect(await overlapping(page, chrome)).toEqual([]);
      if (phone) {
        // Folded to one line on a phone: a small strip, the canvas stays the screen.
        const folded = (await (await page.$('.guest-banner'))!.boundingBox())!;
        expect(folded.height).toBeLessThanOrEqual(64);
        await screenshot(page, `wall-guest-folded-${size.width}x${size.height}`);
        await openSignIn(page);
        expect(await overlapping(page, chrome)).toEqual([]);
      }
      // The toggle takes the tap (nothing lies over it), and its panel pushes the banner down.
      await page.click('[data-testid=template-toggle]');
      await page.waitForSelector('[data-testid=template-panel]');
      expect(await overlapping(page, chrome)).toEqual([]);
      await screenshot(page, `wall-guest-template-${size.width}x${size.height}`);
      // The sign-in stays reachable: on a short screen the banner scrolls.
      await page.locator('.dev-sign-in button[type=submit]').scrollIntoViewIfNeeded();
      expect(
        await page.evaluate(() => {
          const button = document.querySelector('.dev-sign-in button[type=submit]')!;
          const r = button.getBoundingClientRect();
          return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === button;
        }),
      ).toBe(true);
      // The close button hides it.
      await page.click('.guest-banner [aria-label="Hide"]');
      await page.waitForSelector('.guest-banner', { state: 'detached' });
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });

  it("shows today's limited offer with its countdown and the free daily item, which a player takes once", async () => {
    for (const size of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      const phone = size.width < 900;
      const ctx = await browser.newContext({ viewport: size, isMobile: phone, hasTouch: phone });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      const tag = `${size.width}x${size.height}`;
      await page.goto(`${baseUrl}/?startapp=x${40 + (size.width % 7)}_y40`);
      await waitLive(page);
      const timer = '[data-testid=wall-offer] [role=timer]';
      await page.waitForSelector(timer);
      const first = await page.textContent(timer);
      expect(first).toMatch(/^(\d+:)?\d\d:\d\d$/);
      await expect.poll(() => page.textContent(timer), { timeout: 3_000 }).not.toBe(first);
      expect(await page.textContent('[data-testid=wall-daily]')).toContain('Free');
      expect(
        await overlapping(page, ['[data-testid=wall-offer]', '[data-testid=wall-daily]', '.wall-zoom']),
      ).toEqual([]);
      await screenshot(page, `wall-offers-guest-${tag}`);

      await devSignIn(page, phone ? 'Gift' : 'Present');
      await page.click('[data-testid=wall-daily]');
      // The item flies from the button to its boost button.
      await page.waitForSelector('[data-testid=flying-rewards]', { state: 'attached', timeout: 3_000 });
      await screenshot(page, `wall-daily-flying-${tag}`);
      await page.waitForSelector('[data-testid=wall-daily]:disabled');
      expect(await page.textContent('[data-testid=wall-daily]')).toContain('Taken');
      await screenshot(page, `wall-daily-taken-${tag}`);
      // The server remembers: after a reload the item is still taken.
      await page.reload();
      await waitLive(page);
      await page.waitForSelector('[data-testid=wall-daily]:disabled');

      await page.click('[data-testid=wall-offer]');
      await page.waitForURL(/\/stars$/);
      // The shop opens on the offer's card; let its entrance finish.
      await page.waitForTimeout(800);
      await screenshot(page, `wall-offer-shop-${tag}`);
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });

  it('renders every route of the spec without crashing', async () => {
    const ctx = await newPhone(browser);
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    for (const route of [
      '/about',
      '/invite-frens',
      '/stars',
      '/info',
      '/my-squad',
      '/my-profile',
      '/rules',
      '/terms',
      '/nft',
      '/stats',
      '/privacy',
      '/staking',
      '/settings',
      '/ratings',
      '/ratings/awards',
      '/energy-over',
      '/open-league',
      '/pay-support',
      '/px/token',
      '/no-such-page',
    ]) {
      await page.goto(`${baseUrl}${route}`);
      await page.waitForSelector('h1', { timeout: 10_000 });
    }
    await screenshot(page, 'not-found-390x844');
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
