/**
 * The Mini App path under a mocked Telegram: the SDK's own `mockTelegramEnv` (the bridge's browser
 * build) runs in the page before the app, with init data signed by the bot token of the Telegram
 * test server. Telegram's side of the bridge is played here: it answers viewport, theme and cloud
 * storage requests, records haptics and the back button, and presses it.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInitData } from '../../../apps/server/src/integrations/telegram/init-data.ts';
import {
  LAUNCH_SCALE,
  launchBrowser,
  launchPixelPoint,
  overlapping,
  screenshot,
  watchErrors,
} from './browser.ts';

const telegramUrl = inject('telegramUrl');
const botToken = inject('botToken');
const require = createRequire(import.meta.url);
const BRIDGE_IIFE = fs.readFileSync(
  path.join(path.dirname(require.resolve('@tma.js/bridge')), 'index.iife.js'),
  'utf8',
);

interface BridgeEvent {
  name: string;
  params?: Record<string, unknown>;
}

/** Runs in the page: installs the mock and plays Telegram's answers. */
function telegramSide(launchParams: string): void {
  type Params = Record<string, unknown>;
  const w = window as unknown as {
    tapps: {
      bridge: {
        mockTelegramEnv(o: {
          launchParams: string;
          onEvent(e: { name: string; params?: Params }, next: () => void): void;
        }): void;
        emitEvent(name: string, params?: unknown): void;
      };
    };
    tgEvents: { name: string; params?: Params }[];
    tgCloud: Record<string, string>;
  };
  w.tgEvents = [];
  w.tgCloud = { colors: JSON.stringify(['#00CC78']) };
  const { mockTelegramEnv, emitEvent } = w.tapps.bridge;
  const reply = (name: string, params: unknown) => setTimeout(() => emitEvent(name, params), 0);
  mockTelegramEnv({
    launchParams,
    onEvent(event) {
      w.tgEvents.push(event);
      const p = event.params ?? {};
      switch (event.name) {
        case 'web_app_request_viewport':
          reply('viewport_changed', {
            height: window.innerHeight,
            width: window.innerWidth,
            is_expanded: true,
            is_state_stable: true,
          });
          break;
        case 'web_app_request_safe_area':
          reply('safe_area_changed', { top: 24, bottom: 16, left: 0, right: 0 });
          break;
        case 'web_app_request_content_safe_area':
          reply('content_safe_area_changed', { top: 40, bottom: 0, left: 0, right: 0 });
          break;
        case 'web_app_request_theme':
          reply('theme_changed', { theme_params: { bg_color: '#17212b', text_color: '#f5f5f5' } });
          break;
        case 'web_app_request_fullscreen':
          reply('fullscreen_changed', { is_fullscreen: true });
          break;
        case 'web_app_invoke_custom_method': {
          const params = (p.params ?? {}) as Params;
          let result: unknown = null;
          if (p.method === 'getStorageValues') {
            result = Object.fromEntries(
              ((params.keys as string[]) ?? []).map((k) => [k, w.tgCloud[k] ?? '']),
            );
          } else if (p.method === 'saveStorageValue') {
            w.tgCloud[String(params.key)] = String(params.value);
            result = true;
          }
          reply('custom_method_invoked', { req_id: p.req_id, result });
          break;
        }
      }
    },
  });
}

async function events(page: Page, name?: string): Promise<BridgeEvent[]> {
  const all = await page.evaluate(() => (window as unknown as { tgEvents: BridgeEvent[] }).tgEvents);
  return name ? all.filter((e) => e.name === name) : all;
}

describe('the Mini App in a mocked Telegram', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs in with init data, follows the back button, gives haptics on paint and keeps colours in the cloud', async () => {
    const initData = signInitData(
      {
        auth_date: String(Math.floor(Date.now() / 1000)),
        query_id: 'AA9100001',
        user: JSON.stringify({ id: 9100001, first_name: 'Mina', language_code: 'de' }),
        start_param: 'x200_y300',
        // Telegram adds a third-party signature; the SDK's launch-parameter parser requires it.
        signature: 'c2lnbmF0dXJl',
      },
      botToken,
    );
    const launchParams = new URLSearchParams({
      tgWebAppPlatform: 'android',
      tgWebAppVersion: '8.0',
      tgWebAppThemeParams: JSON.stringify({ bg_color: '#17212b', text_color: '#f5f5f5' }),
      tgWebAppStartParam: 'x200_y300',
      tgWebAppData: initData,
    }).toString();

    const ctx = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    await ctx.addInitScript({ content: BRIDGE_IIFE });
    await ctx.addInitScript(telegramSide, launchParams);
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await page.goto(`${telegramUrl}/`);

    // The Telegram user's language, the ready call, fullscreen on a phone, safe areas into CSS.
    await page.waitForSelector('[data-testid=intro]');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-DE');
    expect(await page.evaluate(() => document.documentElement.dataset.platform)).toBe('telegram');
    await expect.poll(async () => (await events(page, 'web_app_ready')).length).toBeGreaterThan(0);
    await expect.poll(async () => (await events(page, 'web_app_request_fullscreen')).length).toBe(1);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue('--safe-top')))
      .toBe('64px');
    await screenshot(page, 'miniapp-intro-390x844');
    await page.click('[data-testid=intro] button:has-text("Überspringen")');

    // Signed in by init data alone: the paint bar is there, no sign-in banner.
    await page.waitForSelector('[data-testid=paint-button]', { timeout: 20_000 });
    expect(await page.$('.dev-sign-in')).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).not.toBeNull();

    // The launch pixel (x200_y300) shows between the header and the paint bar, not under the bar:
    // a tap there selects it again, as its info says.
    const at = await launchPixelPoint(page);
    const header = (await page.locator('header').boundingBox())!;
    const bar = (await page.locator('.paint-bar').boundingBox())!;
    expect(at.y).toBeGreaterThan(header.y + header.height + LAUNCH_SCALE);
    expect(at.y).toBeLessThan(bar.y - LAUNCH_SCALE);
    await page.mouse.click(at.x, at.y);
    await page.click('button[aria-label][aria-expanded]:nth-of-type(2)');
    await expect.poll(() => page.textContent('.pixel-info__coords')).toBe('x 200 · y 300');
    await screenshot(page, 'miniapp-launch-pixel-390x844');

    // Recent colours came from the cloud; the back button is hidden on the Wall.
    const gets = (await events(page, 'web_app_invoke_custom_method')).filter(
      (e) => e.params?.method === 'getStorageValues',
    );
    expect(gets.some((e) => JSON.stringify(e.params).includes('colors'))).toBe(true);
    expect((await events(page, 'web_app_setup_back_button')).map((e) => e.params)).not.toContainEqual({
      is_visible: true,
    });

    // Picking a new colour saves the recent list to the cloud; painting gives a light haptic.
    await page.click('button[aria-expanded][aria-label]:first-of-type');
    await page.click('[data-testid=palette] button[aria-label="#FF4500"]');
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { tgCloud: Record<string, string> }).tgCloud.colors),
      )
      .toMatch(/^\["#FF4500"/);
    await page.click('[data-testid=paint-button]');
    await expect
      .poll(async () => (await events(page, 'web_app_trigger_haptic_feedback')).map((e) => e.params))
      .toContainEqual({ type: 'impact', impact_style: 'light' });
    await screenshot(page, 'miniapp-painted-390x844');
    // With the palette open the right-hand rail (offers, zoom) still clears the template controls.
    expect(
      await overlapping(page, [
        '[data-testid=template-toggle]',
        '[data-testid=templates-open]',
        '[data-testid=wall-offer]',
        '[data-testid=wall-daily]',
        '.wall-zoom',
      ]),
    ).toEqual([]);

    // A page off the Wall shows the native back button; pressing it comes back.
    await page.click('header a[href="/ratings"]');
    await page.waitForURL(/\/ratings$/);
    await expect
      .poll(async () => (await events(page, 'web_app_setup_back_button')).at(-1)?.params)
      .toEqual({ is_visible: true });
    await screenshot(page, 'miniapp-ratings-390x844');
    await page.evaluate(() =>
      (window as unknown as { tapps: { bridge: { emitEvent(n: string): void } } }).tapps.bridge.emitEvent(
        'back_button_pressed',
      ),
    );
    await page.waitForURL(/\/$/);
    await expect
      .poll(async () => (await events(page, 'web_app_setup_back_button')).at(-1)?.params)
      .toEqual({ is_visible: false });

    expect(errors).toEqual([]);
    await ctx.close();
  });
});
