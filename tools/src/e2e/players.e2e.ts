/**
 * Players together, as they see it: one invites another by link, the second joins a squad through
 * its launch parameter, both paint, the ratings show them in order with the own row pinned, and an
 * admin bans one, whose next paint is refused. Every player screen is saved at phone and desktop
 * size.
 *
 * Runs on the e2e server with a bot token, started with `ADMIN_IDS=7000001` (see ADMIN_ID): every
 * player signs in by Telegram launch data (a dev sign-in is never staff), in the browser through
 * the website's `?initData=` hand-over.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LaunchUser, launchData, telegramTokens } from '../lib/players.ts';
import { launchBrowser, newDesktop, newPhone, screenshot, watchErrors } from './browser.ts';

const baseUrl = inject('telegramUrl');
const botToken = inject('botToken');
const ADMIN_ID = 7_000_001;
// Ids unique to this run: other browser tests sign in on the same server.
const idBase = 7_500_000 + Math.floor(Math.random() * 90_000) * 10;
const RUN = Date.now().toString(36);
// Names unique to this run: other browser tests paint on the same server.
const IRIS = `Iris ${RUN}`.slice(0, 18);
const JUNO = `Juno ${RUN}`.slice(0, 18);

interface Tokens {
  authToken: string;
  refreshToken: string;
}

async function api<T>(
  path: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function signInTokens(firstName: string, id: number): Promise<Tokens> {
  const body = await telegramTokens(baseUrl, { id, firstName }, botToken);
  return { authToken: body.token, refreshToken: body.refresh_token };
}

async function tokensOf(page: Page): Promise<Tokens> {
  const tokens = await page.evaluate(() => ({
    authToken: localStorage.getItem('authToken') ?? '',
    refreshToken: localStorage.getItem('refreshToken') ?? '',
  }));
  expect(tokens.authToken).not.toBe('');
  return tokens;
}

/** A browser already signed in with these tokens. */
async function signedInContext(
  browser: Browser,
  tokens: Tokens,
  open: (b: Browser) => Promise<BrowserContext>,
) {
  const ctx = await open(browser);
  await ctx.addInitScript((t) => {
    localStorage.setItem('authToken', t.authToken);
    localStorage.setItem('refreshToken', t.refreshToken);
  }, tokens);
  return ctx;
}

/** Opens `url` with the player's launch data handed over, as the Mini App's web link does. */
async function openSignedIn(page: Page, url: string, user: LaunchUser): Promise<void> {
  const to = new URL(url);
  to.searchParams.set('initData', launchData(user, botToken));
  await page.goto(to.toString());
  await page.waitForFunction(() => localStorage.getItem('authToken') !== null, null, { timeout: 15_000 });
}

async function paint(page: Page, x: number, y: number, times: number): Promise<void> {
  await page.goto(`${baseUrl}/?startapp=x${x}_y${y}`);
  await page.waitForSelector('[data-testid=wall-canvas]');
  await page.waitForSelector('[data-testid=sync-status]', { state: 'detached', timeout: 20_000 });
  await page.waitForSelector('[data-testid=paint-button]');
  for (let i = 0; i < times; i++) {
    const before = await page.textContent('[data-testid=charges]');
    await page.click('[data-testid=paint-button]');
    await expect.poll(() => page.textContent('[data-testid=charges]')).not.toBe(before);
  }
}

async function painterNames(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid=painter-row] .player-row__name', (els) =>
    els.map((e) => e.textContent ?? ''),
  );
}

async function shotBoth(phone: Page, desktop: Page, path: string, name: string, ready: string) {
  for (const [page, size] of [
    [phone, '390x844'],
    [desktop, '1280x800'],
  ] as const) {
    await page.goto(`${baseUrl}${path}`);
    await page.waitForSelector(ready, { timeout: 15_000 });
    await page.waitForSelector('[aria-busy=true]', { state: 'detached', timeout: 15_000 });
    // Every screen loaded what it shows: no failure message on it.
    expect(await page.$('[role=alert]'), `${name} at ${size}`).toBeNull();
    await screenshot(page, `${name}-${size}`);
  }
}

describe('players, squads and ratings', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('invite, join a squad by link, paint, rank, and ban', async () => {
    // Iris signs in and takes her invite link.
    const irisCtx = await newPhone(browser);
    const iris = await irisCtx.newPage();
    const irisErrors = watchErrors(iris);
    await openSignedIn(iris, `${baseUrl}/invite-frens`, { id: idBase + 1, firstName: IRIS });
    const link = await (await iris.waitForSelector('[data-testid=referral-link]')).inputValue();
    const match = /\?startapp=f(\d+)$/.exec(link);
    expect(match, link).not.toBeNull();
    expect(link.startsWith(`${baseUrl}/?startapp=`)).toBe(true);
    const irisId = Number(match?.[1]);
    await screenshot(iris, 'invite-frens-390x844');

    // An admin makes a squad.
    const admin = await signInTokens('Admin', ADMIN_ID);
    const created = await api<{ id: number }>('/admin/squads', {
      token: admin.authToken,
      body: { name: 'Night Owls', slug: `night-owls-${RUN}` },
    });
    expect(created.status).toBe(201);
    const squadId = created.body.id;

    // Juno comes through Iris's link: Telegram hands its launch parameter over in the launch data.
    const junoCtx = await newPhone(browser);
    const juno = await junoCtx.newPage();
    const junoErrors = watchErrors(juno);
    const startParam = new URL(link).searchParams.get('startapp') ?? '';
    await openSignedIn(juno, link, { id: idBase + 2, firstName: JUNO, startParam });
    await iris.reload();
    await expect.poll(() => iris.textContent('[data-testid=friends-count]'), { timeout: 10_000 }).toBe('1');
    await iris.waitForSelector(`[data-testid=friends-list] >> text=${JUNO}`);
    await screenshot(iris, 'invite-frens-with-fren-390x844');

    // The squad's link greets Juno once with a Join button.
    await juno.goto(`${baseUrl}/my-profile?startapp=s${squadId}`);
    const welcome = await juno.waitForSelector('[data-testid=squad-welcome] >> text=Night Owls');
    expect(welcome).toBeTruthy();
    await screenshot(juno, 'squad-welcome-390x844');
    await juno.click('[data-testid=squad-welcome] button:has-text("Join squad")');
    await juno.waitForSelector('[data-testid=squad-welcome]', { state: 'detached' });
    await juno.goto(`${baseUrl}/my-squad`);
    await juno.waitForSelector('button:has-text("Your Squad. Leave?")');
    await screenshot(juno, 'my-squad-390x844');

    // Both paint: Iris three times, Juno once.
    await paint(iris, 300, 300, 3);
    await paint(juno, 301, 300, 1);

    // The day board has Iris above Juno, and Iris's own row pinned.
    await iris.goto(`${baseUrl}/ratings`);
    await expect
      .poll(
        async () => {
          await iris.reload();
          await iris.waitForSelector('[data-testid=painter-row]', { timeout: 10_000 });
          const names = await painterNames(iris);
          return names.includes(IRIS) && names.includes(JUNO) && names.indexOf(IRIS) < names.indexOf(JUNO);
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
    const pinned = await iris.waitForSelector('[data-testid=pinned-row]');
    expect(await pinned.textContent()).toContain(IRIS);
    expect(await iris.textContent('[data-testid=pinned-rank]')).toMatch(/^\d+$/);
    await screenshot(iris, 'ratings-painters-390x844');

    await iris.click(`[data-testid=painter-row]:has-text("${JUNO}")`);
    await iris.waitForSelector('[data-testid=painter-popup] >> text=Night Owls');
    expect(await iris.$('[data-testid=painter-popup] [data-testid=ban-buttons]')).toBeNull();
    await screenshot(iris, 'painter-popup-390x844');

    await juno.goto(`${baseUrl}/ratings?section=squads`);
    const own = await juno.waitForSelector('[data-testid=own-squad-row]');
    expect(await own.textContent()).toContain('Night Owls');
    expect(await own.textContent()).toContain('Your squad');
    expect(await juno.$('[data-testid=join-squad]')).toBeNull();
    await screenshot(juno, 'ratings-squads-390x844');
    await own.click();
    await juno.waitForSelector('[data-testid=squad-popup] >> text=Night Owls');
    await screenshot(juno, 'squad-popup-390x844');
    const junoTokens = await tokensOf(juno);
    // What Juno's page logs once banned (refused calls, a closed socket) is expected.
    const junoErrorsBeforeBan = [...junoErrors];

    // The admin bans Juno from the painter popup.
    const adminCtx = await signedInContext(browser, admin, newPhone);
    const adminPage = await adminCtx.newPage();
    const adminErrors = watchErrors(adminPage);
    await adminPage.goto(`${baseUrl}/ratings`);
    await adminPage.click(`[data-testid=painter-row]:has-text("${JUNO}")`);
    await adminPage.waitForSelector('[data-testid=painter-popup] [data-testid=ban-buttons]');
    await screenshot(adminPage, 'painter-popup-admin-390x844');
    await adminPage.click('[data-testid=painter-popup] button:has-text("Ban")');
    await adminPage.waitForSelector('text=Banned!');
    await screenshot(adminPage, 'painter-popup-banned-390x844');

    // Juno's next paint is refused.
    const refused = await api<{ error?: { code: string } }>('/repaint/start', {
      token: junoTokens.authToken,
      body: { pixelId: 301 + 300 * 1024 + 1, newColor: '#FFFFFF' },
    });
    expect([401, 403]).toContain(refused.status);

    expect(irisErrors).toEqual([]);
    expect(adminErrors).toEqual([]);
    expect(junoErrorsBeforeBan).toEqual([]);
    expect(irisId).toBeGreaterThan(0);
    await Promise.all([irisCtx.close(), junoCtx.close(), adminCtx.close()]);
  });

  it('every player screen at phone and desktop size', async () => {
    const tokens = await signInTokens(`Shots ${RUN}`.slice(0, 18), idBase + 3);
    const phoneCtx = await signedInContext(browser, tokens, newPhone);
    const deskCtx = await signedInContext(browser, tokens, newDesktop);
    const phone = await phoneCtx.newPage();
    const desk = await deskCtx.newPage();
    const errors = [...watchErrors(phone), ...watchErrors(desk)];

    await shotBoth(phone, desk, '/ratings', 'ratings', '[data-testid=painters-board]');
    await shotBoth(phone, desk, '/ratings?section=squads', 'ratings-squads', '[data-testid=squads-board]');
    await shotBoth(phone, desk, '/ratings/awards', 'awards', 'h1');
    await shotBoth(phone, desk, '/my-profile', 'my-profile', '[data-testid=profile-info]');
    await shotBoth(phone, desk, '/my-profile?tab=achievements', 'my-profile-achievements', '.achievements');
    await shotBoth(phone, desk, '/my-profile?tab=inventory', 'my-profile-inventory', '[data-testid=goods]');
    await shotBoth(phone, desk, '/my-squad', 'my-squad-none', '[data-testid=no-squad]');
    await shotBoth(phone, desk, '/invite-frens', 'invite-frens', '[data-testid=referral-link]');
    await shotBoth(phone, desk, '/stats', 'stats', '[data-testid=stats-grid]');

    // The screens on spec routes: league boards, pixel prices, token reward progress, at 390×844
    // and 1440×900.
    const wideCtx = await signedInContext(browser, tokens, (b) =>
      b.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 }),
    );
    const wide = await wideCtx.newPage();
    errors.push(...watchErrors(wide));
    for (const [page, size] of [
      [phone, '390x844'],
      [wide, '1440x900'],
    ] as const) {
      await page.goto(`${baseUrl}/ratings?section=leagues`);
      await page.waitForSelector('[data-testid=league-board]');
      await page.waitForSelector('[aria-busy=true]', { state: 'detached', timeout: 15_000 });
      expect(await page.$('[role=alert]'), `leagues at ${size}`).toBeNull();
      // A new player is in bronze: the board opens there, with the player's own row pinned.
      expect(await page.textContent('[data-testid=league-board] [role=tab][aria-selected=true]')).toBe(
        'Bronze',
      );
      await page.waitForSelector('[data-testid=pinned-row]');
      await screenshot(page, `ratings-leagues-${size}`);

      await page.goto(`${baseUrl}/my-profile?tab=inventory`);
      await page.waitForSelector('[data-testid=pixel-price-tier]', { timeout: 15_000 });
      expect(await page.$$('[data-testid=pixel-price-tier]')).toHaveLength(4);
      await page.$eval('[data-testid=pixel-prices]', (el) => el.scrollIntoView());
      await screenshot(page, `my-profile-pixel-prices-${size}`);

      await page.goto(`${baseUrl}/`);
      await page.click('[data-testid=mining-chip]');
      // A new player has obtained nothing: the progress stays out of the way of the empty list.
      await page.waitForSelector('text=No token rewards yet.', { timeout: 15_000 });
      await page.waitForSelector('[data-testid=reward-progress]', { state: 'detached', timeout: 15_000 });
      await screenshot(page, `mining-reward-progress-${size}`);
    }

    const guestCtx = await newPhone(browser);
    const guest = await guestCtx.newPage();
    errors.push(...watchErrors(guest));
    await guest.goto(`${baseUrl}/ratings`);
    await guest.waitForSelector('[data-testid=painters-board]');
    expect(await guest.$('[data-testid=pinned-row]')).toBeNull();
    await screenshot(guest, 'ratings-guest-390x844');

    expect(errors).toEqual([]);
    await Promise.all([phoneCtx.close(), deskCtx.close(), wideCtx.close(), guestCtx.close()]);
  });
});
