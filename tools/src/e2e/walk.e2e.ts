/**
 * The walk: every path of APP_PATHS, in every language, on a phone (390×844, signed in) and a
 * desktop (1440×900, guest); and the pages a guest meets first on a phone (the Wall with its folded
 * sign-in banner, about, the shop, the legal pages) in every language. On each screen: no console error, no missing translation (the app
 * reports missing keys as console errors when asked to, and no raw `ns.key` or `{{var}}` may show
 * in the DOM), no text overflowing its box, and a screenshot under artifacts/walk/.
 *
 * Kept fast: one browser, one context per size, pages navigate client-side, a few pages at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SUPPORTED_LANGUAGES } from '@pixel-wall/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../lib/server-process.ts';
import { launchBrowser, OFFLINE_NOISE } from './browser.ts';

const baseUrl = inject('baseUrl');
// The route table is JSX, which the tools' type check does not compile; Vitest loads it at run time.
const ROUTES_MODULE = path.join(REPO_ROOT, 'apps/web/src/routes.tsx');
const { APP_PATHS } = (await import(/* @vite-ignore */ ROUTES_MODULE)) as { APP_PATHS: readonly string[] };
const WALK_DIR = path.join(REPO_ROOT, 'artifacts', 'walk');
const NAMESPACES = Object.keys(
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'apps/web/public/locales/en.json'), 'utf8')) as object,
);
/** Pages walked at the same time (the machine has two cores). */
const PARALLEL = 3;
/** Overflow below this many CSS pixels is rounding, not a clipped word. */
const OVERFLOW_TOLERANCE = 2;

interface Size {
  name: string;
  viewport: { width: number; height: number };
  signedIn: boolean;
  mobile: boolean;
  /** only these paths (default: all of APP_PATHS) */
  paths?: readonly string[];
}

const SIZES: readonly Size[] = [
  { name: '390x844', viewport: { width: 390, height: 844 }, signedIn: true, mobile: true },
  { name: '1440x900', viewport: { width: 1440, height: 900 }, signedIn: false, mobile: false },
  {
    name: '390x844-guest',
    viewport: { width: 390, height: 844 },
    signedIn: false,
    mobile: true,
    paths: ['/', '/about', '/stars', '/privacy', '/energy-over'],
  },
];

const pathsOf = (size: Size): readonly string[] => size.paths ?? APP_PATHS;

interface Problem {
  size: string;
  language: string;
  path: string;
  kind: 'console' | 'raw-key' | 'overflow' | 'page-overflow';
  detail: string;
}

type Tokens = { authToken: string; refreshToken: string };

async function devTokens(name: string): Promise<{ authToken: string; refreshToken: string }> {
  const res = await fetch(`${baseUrl}/api/v1/auth/dev`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: name }),
  });
  if (!res.ok) throw new Error(`dev sign-in failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; refresh_token: string };
  return { authToken: body.token, refreshToken: body.refresh_token };
}

/** Client-side navigation: the router follows a pushState announced by a popstate event. */
async function navigate(page: Page, to: string): Promise<void> {
  await page.evaluate((url) => {
    window.history.pushState(null, '', url);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, to);
}

/** Waits until the route's code and data have arrived: no loading bar, nothing busy, fonts ready. */
async function settle(page: Page, to: string): Promise<void> {
  await page.waitForFunction(
    (expected) => {
      if (window.location.pathname !== expected) return false;
      const busy = document.querySelector(
        '.splash, .loading-bar, [data-page-loading], [aria-busy="true"], [data-testid=sync-status]',
      );
      const w = window as unknown as { __walkQuietSince?: number };
      if (busy || document.querySelector('main') === null) {
        w.__walkQuietSince = undefined;
        return false;
      }
      // Quiet for a moment: lazy routes mount their fallback a frame after the URL changes.
      w.__walkQuietSince ??= performance.now();
      return performance.now() - w.__walkQuietSince > 200;
    },
    to,
    { timeout: 10_000, polling: 50 },
  );
  await page.evaluate(async () => {
    (window as unknown as { __walkQuietSince?: number }).__walkQuietSince = undefined;
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** Runs in the page: raw keys and overflowing text, described for a failure message. */
function inspectPage({ namespaces, tolerance }: { namespaces: string[]; tolerance: number }): {
  rawKeys: string[];
  overflows: string[];
} {
  const keyPattern = new RegExp(`^(?:${namespaces.join('|')})\\.[A-Za-z0-9_.]+$`);
  const rawKeys: string[] = [];
  const overflows: string[] = [];
  const label = (el: Element) => {
    const id = el.getAttribute('data-testid');
    const cls = el.getAttribute('class');
    return `<${el.tagName.toLowerCase()}${id ? ` data-testid=${id}` : ''}${cls ? ` class="${cls}"` : ''}>`;
  };
  const visible = (el: Element) => {
    const rect = el.getBoundingClientRect();
    if (rect.width <= 2 || rect.height <= 2) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };

  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const textParents = new Set<Element>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    if (!text || !node.parentElement) continue;
    if (['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(node.parentElement.tagName)) continue;
    if (keyPattern.test(text) || text.includes('{{')) rawKeys.push(`${label(node.parentElement)} "${text}"`);
    textParents.add(node.parentElement);
  }
  for (const el of Array.from(document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]'))) {
    for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = el.getAttribute(attr)?.trim();
      if (value && (keyPattern.test(value) || value.includes('{{'))) {
        rawKeys.push(`${label(el)} ${attr}="${value}"`);
      }
    }
  }

  for (const el of textParents) {
    if (!(el instanceof HTMLElement) || !visible(el)) continue;
    const style = getComputedStyle(el);
    // Inline boxes have no scroll box of their own; their block ancestor is checked instead.
    let box: HTMLElement | null = el;
    while (box && getComputedStyle(box).display === 'inline') box = box.parentElement;
    if (!box || !visible(box)) continue;
    const boxStyle = box === el ? style : getComputedStyle(box);
    // Deliberate: scrollers and ellipsis truncation.
    if (['auto', 'scroll'].includes(boxStyle.overflowX) || boxStyle.textOverflow === 'ellipsis') continue;
    if (box.closest('.visually-hidden')) continue;
    if (box.scrollWidth > box.clientWidth + tolerance) {
      overflows.push(
        `${label(box)} ${box.scrollWidth}>${box.clientWidth} "${(box.textContent ?? '').trim().slice(0, 60)}"`,
      );
    }
  }
  return { rawKeys: [...new Set(rawKeys)], overflows: [...new Set(overflows)] };
}

function fileName(p: string): string {
  return p === '/' ? 'wall' : p.slice(1).replaceAll('/', '_');
}

describe('the walk: every screen, every language, phone and desktop', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    fs.rmSync(WALK_DIR, { recursive: true, force: true });
  });
  afterAll(async () => {
    for (const ctx of contexts) await ctx.close().catch(() => undefined);
    await browser?.close();
  });

  it('shows every path in every language without errors, missing strings or clipped text', async () => {
    const started = Date.now();
    const problems: Problem[] = [];
    let screenshots = 0;

    // One context per size and language: the language is a stored choice, and storage is per context.
    const jobs: { size: Size; language: string; tokens: Tokens | null }[] = [];
    for (const size of SIZES) {
      const tokens = size.signedIn ? await devTokens('Walker') : null;
      for (const language of SUPPORTED_LANGUAGES) jobs.push({ size, language, tokens });
    }

    const walkOne = async ({ size, language, tokens }: (typeof jobs)[number]) => {
      const ctx = await browser.newContext({
        viewport: size.viewport,
        deviceScaleFactor: 1,
        isMobile: size.mobile,
        hasTouch: size.mobile,
      });
      contexts.push(ctx);
      // The language is chosen before the app starts, as a returning player's stored choice.
      await ctx.addInitScript(
        ({ t, lng }) => {
          localStorage.setItem('language', lng);
          localStorage.setItem('i18nReportMissing', '1');
          if (t) {
            localStorage.setItem('authToken', t.authToken);
            localStorage.setItem('refreshToken', t.refreshToken);
          }
        },
        { t: tokens, lng: language },
      );
      const page = await ctx.newPage();
      let current = '/';
      page.on('pageerror', (e) => {
        if (!OFFLINE_NOISE.test(String(e))) {
          problems.push({ size: size.name, language, path: current, kind: 'console', detail: String(e) });
        }
      });
      page.on('console', (m) => {
        if (m.type() === 'error' && !OFFLINE_NOISE.test(m.text())) {
          problems.push({ size: size.name, language, path: current, kind: 'console', detail: m.text() });
        }
      });
      const dir = path.join(WALK_DIR, size.name, language);
      fs.mkdirSync(dir, { recursive: true });
      for (const [i, to] of pathsOf(size).entries()) {
        current = to;
        if (i === 0) await page.goto(`${baseUrl}${to}`);
        else await navigate(page, to);
        await settle(page, to);
        expect(await page.evaluate(() => document.documentElement.lang)).not.toBe('');
        const found = await page.evaluate(inspectPage, {
          namespaces: NAMESPACES,
          tolerance: OVERFLOW_TOLERANCE,
        });
        for (const detail of found.rawKeys)
          problems.push({ size: size.name, language, path: to, kind: 'raw-key', detail });
        for (const detail of found.overflows)
          problems.push({ size: size.name, language, path: to, kind: 'overflow', detail });
        const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (pageWidth > OVERFLOW_TOLERANCE) {
          problems.push({
            size: size.name,
            language,
            path: to,
            kind: 'page-overflow',
            detail: `${pageWidth}px wider`,
          });
        }
        await page.screenshot({ path: path.join(dir, `${fileName(to)}.png`), type: 'png' });
        screenshots += 1;
      }
      await ctx.close();
    };

    const queue = [...jobs];
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        for (let job = queue.shift(); job; job = queue.shift()) await walkOne(job);
      }),
    );

    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    console.info(
      `walked ${screenshots} screens in ${seconds} s; screenshots in ${path.relative(REPO_ROOT, WALK_DIR)}`,
    );
    fs.writeFileSync(path.join(WALK_DIR, 'problems.json'), `${JSON.stringify(problems, null, 2)}\n`);
    expect(screenshots).toBe(
      SIZES.reduce((n, size) => n + pathsOf(size).length, 0) * SUPPORTED_LANGUAGES.length,
    );
    expect(problems.map((p) => `${p.size} ${p.language} ${p.path} ${p.kind}: ${p.detail}`)).toEqual([]);
  }, 600_000);
});
