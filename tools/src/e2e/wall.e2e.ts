/**
 * The spine, as a player sees it: a guest opens the Wall on a phone, signs in, paints a pixel, and
 * a second browser watching the same spot sees the colour arrive within a second.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DESKTOP,
  launchBrowser,
  launchColour,
  newDesktop,
  newPhone,
  screenshot,
  watchErrors,
} from './browser.ts';

const baseUrl = inject('baseUrl');
const X = 321;
const Y = 123;

async function waitLive(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid=wall-canvas]');
  await page.waitForSelector('[data-testid=sync-status]', { state: 'detached', timeout: 20_000 });
}

type Box = { x: number; y: number; width: number; height: number };

/** The pairs of these elements whose boxes intersect, by selector; elements not shown are skipped. */
async function overlapping(page: Page, selectors: string[]): Promise<string[]> {
  const boxes: [string, Box][] = [];
  for (const selector of selectors) {
    const box = await (await page.$(selector))?.boundingBox();
    if (box) boxes.push([selector, box]);
  }
  const hits: string[] = [];
  for (const [i, [a, p]] of boxes.entries()) {
    for (const [b, q] of boxes.slice(i + 1)) {
      if (p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height) {
        hits.push(`${a} × ${b}`);
      }
    }
  }
  return hits;
}

/** Signs in through the dev form; `then` is what the signed-in Wall shows next. */
async function devSignIn(page: Page, name: string, then = '[data-testid=paint-button]'): Promise<void> {
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
    expect(await launchColour(page)).toBe('#FF4500');
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
      await expect.poll(() => page.textContent('[data-testid=charges]')).toBe(`${4 - i}/5`);
    }
    await page.click('[data-testid=paint-button]');
    await page.waitForURL(/\/energy-over$/);
    await screenshot(page, 'energy-over-390x844');
    await ctx.close();
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
