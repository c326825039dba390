/**
 * The secret-word quest (Ghost Pixel) as a player meets it, on a phone (390×844) and a desktop
 * (1440×900): the word field and the quest stats in the mining sheet's tasks, a wrong word (said
 * so, the field kept), then the right word from Ghost Pixel's row in the player's achievements,
 * which then shows as done.
 *
 * It runs its own server with a secret word configured (SECRET_WORD); the shared e2e servers have
 * none, so the quest is closed there.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../lib/server-process.ts';
import { launchBrowser, openSignIn, screenshot, watchErrors } from './browser.ts';

const SECRET_WORD = 'Phantom Brush';

const SIZES = [
  { name: '390x844', viewport: { width: 390, height: 844 }, mobile: true },
  { name: '1440x900', viewport: { width: 1440, height: 900 }, mobile: false },
] as const;

/** The console line Chromium prints for the 400 a wrong word answers: expected here. */
const WRONG_WORD_LOG = /status of 400/;

async function devSignIn(page: Page, baseUrl: string, name: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await openSignIn(page);
  await page.fill('.dev-sign-in__input', name);
  await page.click('.dev-sign-in button[type=submit]');
  await page.waitForSelector('[data-testid=mining-chip]', { timeout: 15_000 });
}

describe('the secret-word quest', () => {
  let browser: Browser;
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer({
      compiled: true,
      env: {
        RATE_LIMIT_IP_PER_MINUTE: '100000',
        RATE_LIMIT_SIGNIN_PER_MINUTE: '100000',
        SECRET_WORD,
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [index, size] of SIZES.entries()) {
    it(`a wrong word, then the right one earns Ghost Pixel (${size.name})`, async () => {
      const ctx = await browser.newContext({
        viewport: size.viewport,
        deviceScaleFactor: size.mobile ? 2 : 1,
        isMobile: size.mobile,
        hasTouch: size.mobile,
      });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await devSignIn(page, server.url, `Seeker ${size.name}`);

      // ---------- the mining sheet's tasks: stats and a wrong word ----------
      await page.click('[data-testid=mining-chip]');
      const quest = page.getByTestId('secret-quest');
      await page.getByTestId('quest-input').waitFor();
      // The players before this one (the other size's run) found it.
      expect(await page.getByTestId('quest-completed-by').textContent()).toBe(String(index));
      expect(await page.getByTestId('quest-you').textContent()).toBe('Not yet');
      expect(await page.getByTestId('quest-submit').isDisabled()).toBe(true);
      await quest.scrollIntoViewIfNeeded();
      await screenshot(page, `quest-mining-sheet-${size.name}`);

      await page.fill('[data-testid=quest-input]', 'wrong word');
      await page.click('[data-testid=quest-submit]');
      await expect
        .poll(() => page.getByTestId('quest-notice').textContent())
        .toBe('That is not the secret word. Check it and try again.');
      expect(await page.inputValue('[data-testid=quest-input]')).toBe('wrong word');
      await quest.scrollIntoViewIfNeeded();
      await screenshot(page, `quest-wrong-word-${size.name}`);
      await page.keyboard.press('Escape');

      // ---------- Ghost Pixel's row in the achievements opens the quest ----------
      await page.goto(`${server.url}/my-profile?tab=achievements`);
      const row = page.getByTestId('achievement-10');
      await row.waitFor();
      expect(await row.getAttribute('data-done')).toBe('false');
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, `quest-achievement-todo-${size.name}`);
      await page.click('[data-testid=achievement-quest]');
      await page.getByTestId('quest-input').waitFor();
      // Spaces and capitals do not matter, as on the server.
      await page.fill('[data-testid=quest-input]', `  ${SECRET_WORD.toUpperCase()} `);
      await screenshot(page, `quest-sheet-${size.name}`);
      await page.click('[data-testid=quest-submit]');
      await expect
        .poll(() => page.getByTestId('quest-done').textContent())
        .toBe("That's it! Ghost Pixel is yours.");
      expect(await page.getByTestId('quest-completed-by').textContent()).toBe(String(index + 1));
      expect(await page.getByTestId('quest-you').textContent()).toBe('Found');
      await screenshot(page, `quest-right-word-${size.name}`);

      // ---------- closed, the achievement shows as done ----------
      await page.keyboard.press('Escape');
      await expect.poll(() => row.getAttribute('data-done')).toBe('true');
      expect(await page.getByTestId('achievement-quest').count()).toBe(0);
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, `quest-achievement-done-${size.name}`);

      // The mining sheet's task says so too.
      await page.goto(`${server.url}/`);
      await page.click('[data-testid=mining-chip]');
      await expect
        .poll(() => page.getByTestId('quest-done').textContent())
        .toBe('You have found the secret word: Ghost Pixel is yours.');
      await page.getByTestId('secret-quest').scrollIntoViewIfNeeded();
      await screenshot(page, `quest-mining-done-${size.name}`);

      expect(errors.filter((e) => !WRONG_WORD_LOG.test(e))).toEqual([]);
      await ctx.close();
    });
  }
});
