/**
 * Revenue share on /invite-frens, as players see it: a player with a few frens meets the locked
 * block (SPEC §8's text, the count against 10,000) and the API's 403 with code 20; a player with
 * 10,000 frens sees what they bought per currency and saves a balance share. Both at 390×844 and
 * 1440×900; the open block in every language without clipped text.
 *
 * 10,000 frens and their paid orders are written straight into the database, so this file runs
 * its own server on a throwaway PostgreSQL database (skipped where PostgreSQL is not reachable,
 * required in CI).
 */
import { SUPPORTED_LANGUAGES } from '@pixel-wall/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../apps/server/src/db/client.ts';
import {
  createTestStore,
  postgresAvailable,
  postgresRequired,
  type TestStore,
} from '../../../apps/server/src/testing/harness.ts';
import { type ServerProcess, startServer } from '../lib/server-process.ts';
import { launchBrowser, screenshot, watchErrors } from './browser.ts';

const SIZES = [
  { name: '390x844', viewport: { width: 390, height: 844 }, mobile: true },
  { name: '1440x900', viewport: { width: 1440, height: 900 }, mobile: false },
] as const;

const LOCKED_ID = 9_100_001;
const RICH_ID = 9_100_002;
const FREN_BASE = 9_200_000;
const FRENS = 10_000;

interface Tokens {
  authToken: string;
  refreshToken: string;
}

const pgUp = await postgresAvailable();
if (!pgUp && postgresRequired) throw new Error('the revenue share browser test needs PostgreSQL');
if (!pgUp) console.warn('PostgreSQL not reachable: the revenue share browser test is skipped here.');

describe.skipIf(!pgUp)('revenue share on /invite-frens', () => {
  let store: TestStore;
  let db: Database;
  let server: ServerProcess;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const call = async <T>(path: string, tokens: Tokens | null, body?: unknown) => {
    const response = await fetch(`${server.url}/api/v1${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(tokens ? { Authorization: `Bearer ${tokens.authToken}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as T };
  };

  const signIn = async (id: number, firstName: string): Promise<Tokens> => {
    const r = await call<{ token: string; refresh_token: string }>('/auth/dev', null, { id, firstName });
    expect(r.status).toBe(200);
    return { authToken: r.body.token, refreshToken: r.body.refresh_token };
  };

  const open = async (size: (typeof SIZES)[number], tokens: Tokens, language = 'en'): Promise<Page> => {
    const ctx = await browser.newContext({
      viewport: size.viewport,
      deviceScaleFactor: size.mobile ? 2 : 1,
      isMobile: size.mobile,
      hasTouch: size.mobile,
    });
    contexts.push(ctx);
    await ctx.addInitScript(
      ({ t, lng }) => {
        localStorage.setItem('authToken', t.authToken);
        localStorage.setItem('refreshToken', t.refreshToken);
        localStorage.setItem('language', lng);
      },
      { t: tokens, lng: language },
    );
    const page = await ctx.newPage();
    await page.goto(`${server.url}/invite-frens`);
    return page;
  };

  /** The revenue share block in the middle of the screen, for a screenshot. */
  const showBlock = async (page: Page) => {
    await page.$eval('[data-testid=revshare]', (el) => el.scrollIntoView({ block: 'center' }));
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
  };

  /** Elements of the block whose text is wider than their box. */
  const clippedIn = (page: Page) =>
    page.$eval('[data-testid=revshare]', (block) =>
      [block, ...Array.from(block.querySelectorAll('*'))]
        .filter(
          (el) =>
            el instanceof HTMLElement &&
            getComputedStyle(el).display !== 'inline' &&
            el.closest('.visually-hidden') === null &&
            el.scrollWidth > el.clientWidth + 2,
        )
        .map((el) => `${el.tagName}.${el.className}: ${(el.textContent ?? '').slice(0, 40)}`),
    );

  beforeAll(async () => {
    store = await createTestStore('postgres');
    server = await startServer({
      compiled: true,
      env: {
        DATABASE_URL: store.url!,
        RATE_LIMIT_IP_PER_MINUTE: '100000',
        RATE_LIMIT_SIGNIN_PER_MINUTE: '100000',
      },
    });
    db = await store.open();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const ctx of contexts) await ctx.close().catch(() => undefined);
    await browser?.close();
    await db?.close();
    await server?.stop();
    await store?.dispose();
  });

  it('is locked below 10,000 frens: the spec text, the count, and 403 with code 20 on the wire', async () => {
    const tokens = await signIn(LOCKED_ID, 'Lena');
    await db.query(
      `INSERT INTO users (id, first_name, referrer_id, charges, charges_updated_at)
       SELECT $1::bigint + g, 'Fren', $2, 5, 0 FROM generate_series(1, 37) AS g`,
      [FREN_BASE + 50_000, LOCKED_ID],
    );
    const refused = await call('/users/me/revshare', tokens);
    expect(refused).toEqual({
      status: 403,
      body: {
        error: {
          code: 'REVSHARE_LOCKED',
          message: '10k frens were not invited until December 20th',
          details: { numericCode: 20 },
        },
        requestId: expect.any(String),
      },
    });

    for (const size of SIZES) {
      const page = await open(size, tokens);
      const errors = watchErrors(page);
      const block = await page.waitForSelector('[data-testid=revshare-locked]', { timeout: 20_000 });
      expect(await block.textContent()).toContain('10k frens were not invited until December 20th');
      expect(await page.textContent('[data-testid=revshare-frens]')).toBe('37 / 10,000');
      expect(await page.$('[data-testid=balance-share]')).toBeNull();
      await showBlock(page);
      await screenshot(page, `revshare-locked-${size.name}`);
      expect(errors).toEqual([]);
    }
  });

  it("from 10,000 frens: the frens' purchases per currency and the balance share, saved", async () => {
    await signIn(RICH_ID, 'Rico');
    await db.query(
      `INSERT INTO users (id, first_name, referrer_id, charges, charges_updated_at)
       SELECT $1::bigint + g, 'Fren', $2, 5, 0 FROM generate_series(1, $3::int) AS g`,
      [FREN_BASE, RICH_ID, FRENS],
    );
    // Paid orders of the frens: (currency, how many, product, quantity, amount, in units), and
    // one unpaid order that must not count.
    const orders: [number, number, number, number, string, string, string][] = [
      [1, 1234, 1, 1, '8', '8', 'fulfilled'],
      [2, 57, 2, 1, '0.04', '40000000', 'fulfilled'],
      [4, 12, 1, 1, '0.1', '100000', 'fulfilled'],
      [5, 3, 2, 1, '600', '600000000000', 'fulfilled'],
      [2, 1, 1, 1, '0.02', '20000000', 'pending'],
    ];
    for (const [currency, n, product, quantity, amount, units, status] of orders) {
      await db.query(
        `INSERT INTO orders (id, user_id, product_id, quantity, currency_id, amount, amount_units, channel,
                             status, fulfilled_at)
         SELECT 'rs-' || $1::int || '-' || $8::text || '-' || g, $2::bigint + g, $3::int, $4::int, $1::int,
                $5::text, $6::numeric, CASE WHEN $1::int = 1 THEN 'stars' ELSE 'ton' END, $8::text,
                CASE WHEN $8::text = 'fulfilled' THEN now() END
           FROM generate_series(1, $7::int) AS g`,
        [currency, FREN_BASE, product, quantity, amount, units, n, status],
      );
    }
    // Signing in again reads the new frens (and grants Ambassador).
    const tokens = await signIn(RICH_ID, 'Rico');
    const me = await call<{ friends: number }>('/users/me', tokens);
    expect(me.body.friends).toBe(FRENS);

    const expectedRows = [
      ['Stars', '1,234', '9,872'],
      ['TON', '57', '2.28'],
      ['USDT', '12', '1.2'],
      ['DOGS', '3', '1,800'],
    ];
    const rowsOf = (page: Page) =>
      page.$$eval('[data-testid=revshare-row]', (rows) =>
        rows.map((row) =>
          Array.from(row.children, (cell) =>
            ((cell.querySelector('.pixel-text') ?? cell).textContent ?? '').trim(),
          ),
        ),
      );

    for (const [i, size] of SIZES.entries()) {
      const page = await open(size, tokens);
      const errors = watchErrors(page);
      await page.waitForSelector('[data-testid=revshare-table]', { timeout: 20_000 });
      expect(await rowsOf(page)).toEqual(expectedRows);
      await showBlock(page);
      await screenshot(page, `revshare-open-${size.name}`);

      // The connection drops while the block loads: the failure and Try again, which brings it.
      const revshareCall = '**/api/v1/users/me/revshare';
      await page.route(revshareCall, (route) => route.abort('internetdisconnected'));
      await page.reload();
      await page.waitForSelector('[data-testid=revshare] [role=alert]', { timeout: 20_000 });
      expect(await page.textContent('[data-testid=revshare] [role=alert] p')).toBe(
        'No connection. Check your internet and try again.',
      );
      await showBlock(page);
      await screenshot(page, `revshare-load-failed-${size.name}`);
      await page.unroute(revshareCall);
      await page.click('[data-testid=revshare] [role=alert] button');
      await page.waitForSelector('[data-testid=revshare-table]');

      // The balance share: the slider, Save; the connection drops, the choice stays for another
      // try; then the saved state.
      const percent = 25 + i * 10;
      const slider = await page.waitForSelector('[data-testid=balance-share] input[type=range]');
      await slider.focus();
      await slider.evaluate((el, value) => {
        const input = el as HTMLInputElement;
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setter.call(input, String(value - 1));
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }, percent);
      await page.keyboard.press('ArrowRight');
      expect(await page.textContent('[data-testid=balance-share-value]')).toBe(`${percent}%`);
      const shareCall = '**/api/v1/users/balance/share';
      await page.route(shareCall, (route) => route.abort('internetdisconnected'));
      await page.click('[data-testid=balance-share] button[type=submit]');
      await page.waitForSelector('[data-testid=balance-share-error]');
      expect(await page.textContent('[data-testid=balance-share-error]')).toBe(
        'No connection. Check your internet and try again.',
      );
      expect(await slider.evaluate((el) => (el as HTMLInputElement).value)).toBe(String(percent));
      await showBlock(page);
      await screenshot(page, `revshare-save-failed-${size.name}`);
      await page.unroute(shareCall);
      await page.click('[data-testid=balance-share] button[type=submit]');
      await page.waitForSelector('[data-testid=balance-share-saved]');
      expect(await page.textContent('[data-testid=balance-share-saved]')).toBe(`Saved: ${percent}%`);
      expect(
        await page.$eval(
          '[data-testid=balance-share] button[type=submit]',
          (b) => (b as HTMLButtonElement).disabled,
        ),
      ).toBe(true);
      await showBlock(page);
      await screenshot(page, `revshare-saved-${size.name}`);
      const stored = await call<{ balance_share_percent: number }>('/users/me/revshare', tokens);
      expect(stored.body.balance_share_percent).toBe(percent);
      expect(errors).toEqual([]);
    }

    // Every language: the numbers in its own format, nothing clipped in the block on a phone,
    // open and locked.
    const lockedTokens = await signIn(LOCKED_ID, 'Lena');
    for (const language of SUPPORTED_LANGUAGES) {
      const locked = await open(SIZES[0], lockedTokens, language);
      await locked.waitForSelector('[data-testid=revshare-locked]', { timeout: 20_000 });
      expect(await clippedIn(locked), `${language} locked`).toEqual([]);
      await locked.context().close();

      const page = await open(SIZES[0], tokens, language);
      await page.waitForSelector('[data-testid=revshare-table]', { timeout: 20_000 });
      const clipped = await clippedIn(page);
      expect(clipped, language).toEqual([]);
      if (language === 'de') {
        expect((await rowsOf(page))[0]).toEqual(['Stars', '1.234', '9.872']);
        await showBlock(page);
        await screenshot(page, 'revshare-open-de-390x844');
      }
      await page.context().close();
    }
  });
});
