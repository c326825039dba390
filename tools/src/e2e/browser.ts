/** Debian's Chromium driven by playwright-core; never a downloaded browser. */
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { REPO_ROOT } from '../lib/server-process.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'artifacts', 'screenshots');
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install Debian's chromium (apt-get install chromium).`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function newPhone(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
}

export async function newDesktop(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: DESKTOP, deviceScaleFactor: 1 });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/**
 * Console noise from third parties this machine cannot reach (TON Connect's wallet list lives on
 * the internet; the browser tests stay on loopback). Anything else logged as an error is a bug.
 */
export const OFFLINE_NOISE =
  /TON_CONNECT_SDK|config\.ton\.org|tonconnect|wallets-v2|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED/i;

/** Collects page errors (offline third-party noise aside) so a test can assert that the page never crashed. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => {
    if (!OFFLINE_NOISE.test(String(e))) errors.push(String(e));
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && !OFFLINE_NOISE.test(m.text())) errors.push(m.text());
  });
  return errors;
}

/**
 * Shows the ways to sign in: on a phone's Wall the guest banner starts folded to one line, and
 * its Sign in button unfolds it. Waits for the dev form either way.
 */
export async function openSignIn(page: Page): Promise<void> {
  await page.waitForSelector('.guest-banner__unfold, .dev-sign-in__input', { timeout: 15_000 });
  const unfold = await page.$('.guest-banner__unfold');
  if (unfold) await unfold.click();
  await page.waitForSelector('.dev-sign-in__input');
}

/** The active colour the Wall's paint bar shows, as '#RRGGBB'. */
export async function activeColour(page: Page): Promise<string> {
  return page.evaluate(() => {
    const swatch = document.querySelector('.paint-bar__swatch');
    const rgb = swatch ? getComputedStyle(swatch).backgroundColor.match(/\d+/g) : null;
    return `#${(rgb ?? ['0', '0', '0'])
      .slice(0, 3)
      .map((v) => Number(v).toString(16).padStart(2, '0'))
      .join('')}`.toUpperCase();
  });
}

/** The scale a launch parameter opens the Wall at: one wall pixel is this many CSS px. */
export const LAUNCH_SCALE = 24;

export interface PagePoint {
  x: number;
  y: number;
}

/**
 * Where the Wall shows the pixel a launch parameter selected, in CSS px of the page: in the
 * middle of what its chrome leaves uncovered, that is the canvas middle across, and half way
 * between the top of the chrome (under the header) and the bottom of the rail (above the bottom
 * panels) down. The Wall keeps it there as panels open and close until the player touches it, so
 * read it again after such a change, and keep it once the Wall has been touched.
 */
export async function launchPixelPoint(page: Page): Promise<PagePoint> {
  return page.evaluate(() => {
    const box = document.querySelector('[data-testid=wall-canvas]')!.getBoundingClientRect();
    const top = document.querySelector('.wall__chrome')!.getBoundingClientRect().top;
    const bottom = document.querySelector('.wall__rail')!.getBoundingClientRect().bottom;
    return { x: box.left + box.width / 2, y: (top + bottom) / 2 };
  });
}

/** The canvas colour at `at`, `dx`, `dy` wall pixels (of `scale` CSS px) away, as [r, g, b]. */
export async function wallRgbAt(
  page: Page,
  at: PagePoint,
  dx = 0,
  dy = 0,
  scale = LAUNCH_SCALE,
): Promise<[number, number, number]> {
  return page.evaluate(
    ({ at, dx, dy, scale }) => {
      const c = document.querySelector<HTMLCanvasElement>('[data-testid=wall-canvas]');
      const ctx = c?.getContext('2d');
      if (!c || !ctx) return [0, 0, 0] as [number, number, number];
      const box = c.getBoundingClientRect();
      const ratio = c.width / c.clientWidth;
      const d = ctx.getImageData(
        Math.floor((at.x - box.left + dx * scale) * ratio),
        Math.floor((at.y - box.top + dy * scale) * ratio),
        1,
        1,
      ).data;
      return [d[0] ?? 0, d[1] ?? 0, d[2] ?? 0] as [number, number, number];
    },
    { at, dx, dy, scale },
  );
}

/** `wallRgbAt` as '#RRGGBB'. */
export async function wallColourAt(
  page: Page,
  at: PagePoint,
  dx = 0,
  dy = 0,
  scale = LAUNCH_SCALE,
): Promise<string> {
  const rgb = await wallRgbAt(page, at, dx, dy, scale);
  return `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/** The colour `dx`, `dy` wall pixels from the launch pixel, while the Wall keeps it in view. */
export async function launchColour(page: Page, dx = 0, dy = 0): Promise<string> {
  return wallColourAt(page, await launchPixelPoint(page), dx, dy);
}

/** Calls the API as the signed-in page does (its bearer token). */
export async function api<T>(page: Page, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const token = localStorage.getItem('authToken');
      const response = await fetch(`/api/v1${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
      return response.json();
    },
    { path, body },
  ) as Promise<T>;
}

type Box = { x: number; y: number; width: number; height: number };

/** The pairs of these elements whose boxes intersect, by selector; elements not shown are skipped. */
export async function overlapping(page: Page, selectors: string[]): Promise<string[]> {
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
