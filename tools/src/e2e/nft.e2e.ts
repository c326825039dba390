/**
 * NFT drawings and the hidden-template game, as players see them: a player draws on the 64×64
 * board and submits once (the confirm button counts down 3 s), waits for approval, an admin
 * approves it on the same page, and the player's screen turns to the mint; then a paint on the
 * hidden template shows 'Gotcha!' at the pixel, the reward marker, the instruction popup and the
 * rating. Screens are saved at phone and desktop size.
 *
 * Runs on the e2e server with a bot token, started with `ADMIN_IDS=7000001` (global-setup.ts):
 * everyone signs in by Telegram launch data, as a dev sign-in is never staff.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { telegramTokens } from '../lib/players.ts';
import { launchBrowser, newDesktop, newPhone, screenshot, watchErrors } from './browser.ts';

const baseUrl = inject('telegramUrl');
const botToken = inject('botToken');
const ADMIN_ID = 7_000_001;
const RUN = Date.now().toString(36);
const PAINTER = `Nia ${RUN}`.slice(0, 18);
// The hidden round this test starts: the bottom right 64×64 square, all in #811E9F (index 24), a
// colour of the basic line every player has.
const AREA = { x: 960, y: 960 };
const HIDDEN_COLOR = '#811E9F';
const HIDDEN_INDEX = 24;

interface Tokens {
  authToken: string;
  refreshToken: string;
}

async function signInTokens(firstName: string, id: number): Promise<Tokens> {
  const body = await telegramTokens(baseUrl, { id, firstName }, botToken);
  return { authToken: body.token, refreshToken: body.refresh_token };
}

async function signedIn(browser: Browser, tokens: Tokens, open: (b: Browser) => Promise<BrowserContext>) {
  const ctx = await open(browser);
  await ctx.addInitScript((t) => {
    localStorage.setItem('authToken', t.authToken);
    localStorage.setItem('refreshToken', t.refreshToken);
  }, tokens);
  return ctx;
}

/** Drags across the board from cell a to cell b (board cells, at the current zoom). */
async function stroke(page: Page, a: [number, number], b: [number, number]) {
  const board = page.locator('[data-testid=nft-board]');
  await board.scrollIntoViewIfNeeded();
  const box = (await board.boundingBox())!;
  const cell = box.width / 64;
  const at = ([x, y]: [number, number]) => [box.x + (x + 0.5) * cell, box.y + (y + 0.5) * cell] as const;
  await page.mouse.move(...at(a));
  await page.mouse.down();
  await page.mouse.move(...at(b), { steps: 6 });
  await page.mouse.up();
}

describe('NFT drawings and the hidden-template game', () => {
  let browser: Browser;
  let player: Tokens;
  let admin: Tokens;

  beforeAll(async () => {
    browser = await launchBrowser();
    player = await signInTokens(PAINTER, 7_300_000 + Math.floor(Math.random() * 99_999));
    admin = await signInTokens('Ada', ADMIN_ID);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a player draws and submits once; an admin approves; the player sees the mint', async () => {
    const phoneCtx = await signedIn(browser, player, newPhone);
    const phone = await phoneCtx.newPage();
    const errors = watchErrors(phone);
    await phone.goto(`${baseUrl}/nft`);
    await phone.waitForSelector('[data-testid=nft-connect]');
    await expect.poll(() => phone.textContent('[data-testid=nft-main]')).toBe('Draw NFT');
    expect(await phone.textContent('[data-testid=nft-count]')).toMatch(/^Approved \d+ \/ 1,000 NFTs$/);
    await screenshot(phone, 'nft-connect-390x844');

    await phone.click('[data-testid=nft-main]');
    await phone.waitForSelector('[data-testid=nft-board]');
    // The board fits the phone at 5×; zoom in a step, then draw red bars, blue lines and a gap.
    await expect.poll(() => phone.textContent('[data-testid=nft-zoom]')).toBe('5×');
    await phone.click('button[aria-label="Zoom in"]');
    await expect.poll(() => phone.textContent('[data-testid=nft-zoom]')).toBe('8×');
    await phone.click('[data-testid=nft-palette] button[aria-label="#FF4500"]');
    // The frame keeps the middle in view when zooming: draw around the middle.
    await stroke(phone, [20, 22], [44, 22]);
    await stroke(phone, [20, 23], [44, 23]);
    await phone.click('[data-testid=nft-palette] button[aria-label="#2450A4"]');
    await stroke(phone, [22, 26], [22, 44]);
    await stroke(phone, [23, 26], [40, 44]);
    await phone.click('[data-testid=nft-tool-eraser]');
    await stroke(phone, [30, 22], [32, 23]);
    // Saved locally as the player draws.
    const saved = await phone.evaluate(() => localStorage.getItem('nft-drawing'));
    expect(saved?.length).toBeGreaterThan(20_000);
    await screenshot(phone, 'nft-draw-390x844');

    await phone.click('[data-testid=nft-submit]');
    await phone.waitForSelector('[data-testid=nft-confirm]');
    expect(await phone.textContent('[data-testid=nft-confirm]')).toContain(
      'You can only submit an NFT for review once.',
    );
    expect(await phone.isDisabled('[data-testid=nft-confirm-submit]')).toBe(true);
    expect(await phone.textContent('[data-testid=nft-confirm-submit]')).toMatch(/\(\d\)/);
    await screenshot(phone, 'nft-confirm-390x844');
    await phone.waitForSelector('[data-testid=nft-confirm-submit]:not([disabled])', { timeout: 5_000 });
    await phone.click('[data-testid=nft-confirm-submit]');
    await phone.waitForSelector('text=Success!');
    await phone.waitForSelector('[data-testid=nft-connect]');
    expect(await phone.textContent('[data-testid=nft-main]')).toBe('Wait for NFT approval');
    expect(await phone.isDisabled('[data-testid=nft-main]')).toBe(true);
    expect(await phone.textContent('[data-testid=nft-status]')).toContain('being verified');
    await screenshot(phone, 'nft-pending-390x844');

    // A second submission is refused by the server.
    const again = await fetch(`${baseUrl}/api/v1/nft/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${player.authToken}`, 'Content-Type': 'application/octet-stream' },
      body: Buffer.from(saved!, 'base64'),
    });
    expect(again.status).toBe(409);

    // The admin reviews on a desktop: the drawing is waiting; approve it.
    const deskCtx = await signedIn(browser, admin, newDesktop);
    const desk = await deskCtx.newPage();
    await desk.goto(`${baseUrl}/nft`);
    const item = desk.locator('[data-testid=nft-review-item]', { hasText: PAINTER });
    await item.waitFor({ timeout: 15_000 });
    await screenshot(desk, 'nft-review-1280x800');
    await item.locator('[data-testid=nft-approve]').click();
    await desk.waitForSelector('text=Done!');
    await expect.poll(() => item.count()).toBe(0);
    // The board at desktop size (the admin has not drawn yet).
    await desk.click('[data-testid=nft-main]');
    await desk.waitForSelector('[data-testid=nft-board]');
    await desk.click('[data-testid=nft-palette] button[aria-label="#00CC78"]');
    await stroke(desk, [24, 24], [40, 40]);
    await stroke(desk, [40, 24], [24, 40]);
    await screenshot(desk, 'nft-draw-1280x800');

    // The player's screen: approved, the mint, and no collection configured on this server.
    await phone.reload();
    await expect.poll(() => phone.textContent('[data-testid=nft-main]')).toBe('Mint NFT');
    expect(await phone.textContent('[data-testid=nft-status]')).toContain('Approved!');
    await screenshot(phone, 'nft-approved-390x844');
    await phone.click('[data-testid=nft-main]');
    await phone.waitForSelector('[data-testid=nft-mint]');
    expect(await phone.isDisabled('[data-testid=nft-mint-button]')).toBe(true);
    expect(await phone.textContent('[data-testid=nft-mint-button]')).toContain('no collection');
    await screenshot(phone, 'nft-mint-390x844');

    // The same player at desktop size.
    const wideCtx = await signedIn(browser, player, newDesktop);
    const wide = await wideCtx.newPage();
    await wide.goto(`${baseUrl}/nft`);
    await expect.poll(() => wide.textContent('[data-testid=nft-main]')).toBe('Mint NFT');
    await screenshot(wide, 'nft-approved-1280x800');
    await wide.click('[data-testid=nft-main]');
    await wide.waitForSelector('[data-testid=nft-mint]');
    await screenshot(wide, 'nft-mint-1280x800');
    expect(errors).toEqual([]);
    await Promise.all([phoneCtx.close(), deskCtx.close(), wideCtx.close()]);
  });

  it('a paint on the hidden template shows Gotcha!, the reward marker, the popup and the rating', async () => {
    const template = new Uint8Array(64 * 64).fill(HIDDEN_INDEX);
    const round = await fetch(`${baseUrl}/api/v1/hidden/admin/round?x=${AREA.x}&y=${AREA.y}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.authToken}`, 'Content-Type': 'application/octet-stream' },
      body: template,
    });
    expect(round.status).toBe(200);

    for (const [open, size] of [
      [newPhone, '390x844'],
      [newDesktop, '1280x800'],
    ] as const) {
      const tokens = await signInTokens(
        `${PAINTER.slice(0, 12)} ${size.slice(0, 3)}`,
        7_400_000 + Math.floor(Math.random() * 99_999),
      );
      const ctx = await signedIn(browser, tokens, open);
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      const x = AREA.x + 10 + (size === '390x844' ? 0 : 1);
      const y = AREA.y + 10;
      await page.goto(`${baseUrl}/?startapp=x${x}_y${y}`);
      await page.waitForSelector('[data-testid=sync-status]', { state: 'detached', timeout: 20_000 });
      await page.waitForSelector('[data-testid=hidden-chip]');
      await page.click('button[aria-expanded][aria-label]:first-of-type');
      await page.click(`[data-testid=palette] button[aria-label="${HIDDEN_COLOR}"]`);
      await page.click('[data-testid=paint-button]');
      const notice = page.locator('[data-testid=hidden-notice]');
      await notice.waitFor({ timeout: 5_000 });
      expect(await notice.textContent()).toContain('Gotcha!');
      await screenshot(page, `hidden-gotcha-${size}`);
      await page.waitForSelector('[data-testid=hidden-marker]');
      // The notice flies for 1 s; the marker stays; the instruction popup follows the first find.
      await notice.waitFor({ state: 'detached', timeout: 3_000 });
      await page.waitForSelector('[data-testid=hidden-popup]', { timeout: 5_000 });
      expect(await page.textContent('[data-testid=hidden-popup]')).toContain('130 PX');
      await screenshot(page, `hidden-popup-${size}`);
      await page.click('[data-testid=hidden-popup] [role=tab]:nth-of-type(2)');
      const row = page.locator('.hidden-rating__row', { hasText: PAINTER.slice(0, 12) });
      await row.first().waitFor({ timeout: 5_000 });
      await screenshot(page, `hidden-rating-${size}`);
      // The marker is gone after 4 s.
      await page.waitForSelector('[data-testid=hidden-marker]', { state: 'detached', timeout: 6_000 });
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });
});
