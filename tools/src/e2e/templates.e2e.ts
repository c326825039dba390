/**
 * Templates, as a player meets them: upload a picture at a place, see it over the Wall there
 * (sampled from the canvas itself), change its opacity, hide one of its colours, and paint the
 * colour the template hints for the selected pixel. Then the tournament tab. Phone and desktop.
 */
import { PALETTE, PALETTE_RGB, pixelIdOf } from '@pixel-wall/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { encodeIndexedPng } from '../../../apps/server/src/modules/templates/png.ts';
import {
  launchBrowser,
  launchPixelPoint,
  newDesktop,
  newPhone,
  openSignIn,
  screenshot,
  wallRgbAt,
  watchErrors,
} from './browser.ts';

const baseUrl = inject('baseUrl');
const RED = 9;
const BLUE = 21;

/** 16×16: the left half red, the right half blue, with a transparent 2×2 hole in the middle of each. */
function twoColourPng(): Buffer {
  const indices = new Uint8Array(16 * 16);
  for (let y = 0; y < 16; y++) {
    for (let x = 0; x < 16; x++) {
      const hole = (x === 3 || x === 4) && (y === 3 || y === 4);
      indices[y * 16 + x] = hole ? 255 : x < 8 ? RED : BLUE;
    }
  }
  return encodeIndexedPng(16, 16, indices);
}

function rgbOf(index: number): [number, number, number] {
  return [PALETTE_RGB[index * 3]!, PALETTE_RGB[index * 3 + 1]!, PALETTE_RGB[index * 3 + 2]!];
}

/** `over` at `alpha` on `under`, as the canvas blends it. */
function blend(over: [number, number, number], under: [number, number, number], alpha: number) {
  return over.map((v, i) => Math.round(v * alpha + under[i]! * (1 - alpha))) as [number, number, number];
}

/** The canvas colour `dx`, `dy` wall pixels from the launch pixel. */
async function sample(page: Page, dx = 0, dy = 0): Promise<[number, number, number]> {
  return wallRgbAt(page, await launchPixelPoint(page), dx, dy);
}

async function expectColour(page: Page, want: [number, number, number], dx = 0, dy = 0): Promise<void> {
  await expect
    .poll(
      async () => {
        const got = await sample(page, dx, dy);
        return got.every((v, i) => Math.abs(v - want[i]!) <= 3) ? want : got;
      },
      { timeout: 5000 },
    )
    .toEqual(want);
}

async function signIn(page: Page, name: string, x: number, y: number): Promise<void> {
  await page.goto(`${baseUrl}/?startapp=x${x}_y${y}`);
  await openSignIn(page);
  await page.fill('.dev-sign-in__input', name);
  await page.click('.dev-sign-in button[type=submit]');
  await page.waitForSelector('[data-testid=paint-button]', { timeout: 15_000 });
  await page.waitForSelector('[data-testid=sync-status]', { state: 'detached', timeout: 20_000 });
}

async function pixelColour(page: Page, x: number, y: number): Promise<string> {
  return page.evaluate(
    async (id) => {
      const r = await fetch(`/api/v1/image/get/${id}`);
      return ((await r.json()) as { pixel: { color: string } }).pixel.color;
    },
    pixelIdOf(x, y),
  );
}

const WHITE: [number, number, number] = [255, 255, 255];

describe('templates', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const device of ['phone', 'desktop'] as const) {
    it(`a player uploads a template, sees it over the Wall, tunes it and paints the hinted colour (${device})`, async () => {
      const phone = device === 'phone';
      const size = phone ? '390x844' : '1280x800';
      // The selected pixel is the template's (10, 8): the blue half; a phone shows 16 wall pixels
      // across at this zoom, so every pixel sampled lies within 7 of it. A fresh spot for each device.
      const X = phone ? 812 : 852;
      const Y = phone ? 140 : 180;
      const ctx = phone ? await newPhone(browser) : await newDesktop(browser);
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await signIn(page, phone ? 'Templater' : 'Deskplater', X, Y);
      expect(await sample(page)).toEqual(WHITE);

      // ---------- upload at a place ----------
      await page.click('[data-testid=templates-open]');
      await page.waitForSelector('[data-testid=templates-sheet]');
      // The form offers the selected pixel as the corner; the template goes 10 left and 8 up of it.
      expect(await page.inputValue('[data-testid=template-upload-x]')).toBe(String(X));
      await page.fill('[data-testid=template-upload-x]', String(X - 10));
      await page.fill('[data-testid=template-upload-y]', String(Y - 8));
      await page.setInputFiles('[data-testid=template-upload-file]', {
        name: 'two-colours.png',
        mimeType: 'image/png',
        buffer: twoColourPng(),
      });
      await screenshot(page, `templates-sheet-${size}`);
      await page.click('[data-testid=template-upload-submit]');
      // Uploading shows it: the sheet closes onto the Wall with the template at 70%.
      await page.waitForSelector('[data-testid=templates-sheet]', { state: 'detached' });
      await page.waitForSelector('[data-testid=template-panel]');
      expect(await page.inputValue('[data-testid=template-opacity]')).toBe('70');
      await expectColour(page, blend(rgbOf(BLUE), WHITE, 0.7));
      // Where it is: 4 wall pixels left is the red half; the hole is clear; past its edges is the bare Wall.
      await expectColour(page, blend(rgbOf(RED), WHITE, 0.7), -4, 0);
      await expectColour(page, WHITE, -7, -5);
      await expectColour(page, blend(rgbOf(RED), WHITE, 0.7), -5, -5);
      await expectColour(page, blend(rgbOf(BLUE), WHITE, 0.7), 5, 0);
      await expectColour(page, WHITE, 6, 0);
      await expectColour(page, WHITE, 0, 8);
      await expectColour(page, blend(rgbOf(BLUE), WHITE, 0.7), 0, -8);
      await expectColour(page, WHITE, 0, -9);
      await screenshot(page, `templates-wall-${size}`);

      // ---------- opacity ----------
      await page.fill('[data-testid=template-opacity]', '100');
      await expectColour(page, rgbOf(BLUE));
      await page.fill('[data-testid=template-opacity]', '0');
      await expectColour(page, WHITE);
      await page.fill('[data-testid=template-opacity]', '40');
      await expectColour(page, blend(rgbOf(BLUE), WHITE, 0.4));
      const saved = JSON.parse((await page.evaluate(() => localStorage.getItem('selectedTemplate'))) ?? '{}');
      expect(saved).toMatchObject({ visible: true, opacity: 40, choice: { source: 'personal' } });

      // ---------- the hint for the selected pixel ----------
      const hint = page.locator('[data-testid=template-hint]');
      await expect.poll(() => hint.getAttribute('data-color')).toBe(PALETTE[BLUE]);

      // ---------- hide one colour ----------
      await page.click('[data-testid=template-colors-toggle]');
      await page.waitForSelector('[data-testid=template-colors]');
      await page.click(`[data-testid=template-color-${BLUE}]`);
      await expectColour(page, WHITE);
      await expectColour(page, blend(rgbOf(RED), WHITE, 0.4), -4, 0);
      // A hidden colour is not hinted either.
      await page.waitForSelector('[data-testid=template-hint]', { state: 'detached' });
      await screenshot(page, `templates-colours-${size}`);
      await page.click(`[data-testid=template-color-${BLUE}]`);
      await expectColour(page, blend(rgbOf(BLUE), WHITE, 0.4));

      // ---------- paint the hinted colour ----------
      await hint.click();
      await expect
        .poll(() =>
          page.evaluate(() => (document.querySelector('.paint-bar__swatch') as HTMLElement).style.background),
        )
        .toBe(`rgb(${rgbOf(BLUE).join(', ')})`);
      await page.click('[data-testid=paint-button]');
      await expect.poll(() => pixelColour(page, X, Y), { timeout: 5000 }).toBe(PALETTE[BLUE]);
      // Blue under blue at 40% is blue.
      await expectColour(page, rgbOf(BLUE));
      await screenshot(page, `templates-painted-${size}`);

      // The toggle hides it, and shows it again; taps still reach the Wall with it on.
      await page.click('[data-testid=template-toggle]');
      await expectColour(page, rgbOf(BLUE));
      await expectColour(page, WHITE, -4, 0);
      await page.click('[data-testid=template-toggle]');
      await expectColour(page, blend(rgbOf(RED), WHITE, 0.4), -4, 0);

      // ---------- the tournament tab ----------
      await page.click('[data-testid=templates-open]');
      await page.click('[role=tab]:has-text("Tournament")');
      await page.waitForSelector('[data-testid=tournament-period]');
      await expect
        .poll(() => page.textContent('[data-testid=tournament-period]'))
        .toMatch(/Round \d+Ends in|Break after round \d+Next round in/);
      await page.setInputFiles('[data-testid=tournament-upload-file]', {
        name: 'entry.png',
        mimeType: 'image/png',
        buffer: twoColourPng(),
      });
      await page.fill('[data-testid=tournament-upload-x]', String(X - 10));
      await page.fill('[data-testid=tournament-upload-y]', String(Y + 40));
      await page.click('[data-testid=tournament-upload-submit]');
      await page.waitForSelector('[data-testid=templates-sheet]', { state: 'detached' });
      await page.click('[data-testid=templates-open]');
      await page.click('[role=tab]:has-text("Tournament")');
      await page.click('[role=tab]:has-text("Random")');
      await page.waitForSelector('[data-testid=tournament-tab] [data-testid=template-row]');
      await page.waitForTimeout(300);
      await screenshot(page, `templates-tournament-${size}`);
      await page.click('[role=tab]:has-text("Leaders")');
      await page.waitForSelector('[data-testid=tournament-leaderboard]');
      await page.keyboard.press('Escape');

      expect(errors).toEqual([]);
      await ctx.close();
    });
  }
});
