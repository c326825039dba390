/**
 * The information pages as a visitor sees them: every page at phone and desktop size without a
 * console error (screenshots saved), /about#about_stats lands on the stats, /px shows the fake
 * market-data provider's figures and the buyback history recorded on the fake chain.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot, watchErrors } from './browser.ts';

const baseUrl = inject('baseUrl');
const buybackTotal = inject('pxBuybackTotal');

const PAGES = [
  '/about',
  '/info',
  '/rules',
  '/open-league',
  '/staking',
  '/terms',
  '/privacy',
  '/settings',
  '/pay-support',
  '/stats',
  '/px/token',
  '/px/roadmap',
  '/px/buyback',
  '/px/burn',
  '/px/fund',
  '/px/get',
];

const SIZES = [
  { name: '390x844', viewport: { width: 390, height: 844 }, mobile: true },
  { name: '1440x900', viewport: { width: 1440, height: 900 }, mobile: false },
] as const;

describe('information pages in the browser', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  async function open(size: (typeof SIZES)[number]): Promise<Page> {
    const ctx = await browser.newContext({
      viewport: size.viewport,
      deviceScaleFactor: size.mobile ? 2 : 1,
      isMobile: size.mobile,
      hasTouch: size.mobile,
    });
    contexts.push(ctx);
    // Guests hide the sign-in banner here so the pages themselves are what the screenshots show.
    return ctx.newPage();
  }

  for (const size of SIZES) {
    it(`renders every page at ${size.name} without errors`, async () => {
      const page = await open(size);
      const errors = watchErrors(page);
      for (const path of PAGES) {
        await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
        await page.locator('h1').first().waitFor();
        if (path.startsWith('/px/token')) await page.getByTestId('px-price').waitFor();
        if (path === '/px/buyback') await page.getByTestId('ledger-items').waitFor();
        if (path === '/about') await page.getByTestId('about-stats').waitFor();
        // The page fits the viewport's width: nothing scrolls sideways.
        await screenshot(page, `pages-${path.slice(1).replaceAll('/', '-')}-${size.name}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
      }
      expect(errors).toEqual([]);
    });
  }

  it('/about#about_stats scrolls the stats into view', async () => {
    const page = await open(SIZES[0]);
    await page.goto(`${baseUrl}/about#about_stats`, { waitUntil: 'networkidle' });
    await page.getByTestId('about-stats').waitFor();
    await page.waitForFunction(() => {
      const el = document.getElementById('about_stats');
      if (!el) return false;
      const top = el.getBoundingClientRect().top;
      return window.scrollY > 0 && top >= 0 && top < window.innerHeight / 2;
    });
    await screenshot(page, 'pages-about-hash-390x844');
  });

  it('/px shows the provider figures and the buyback history from the chain', async () => {
    const page = await open(SIZES[0]);
    await page.goto(`${baseUrl}/info`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'PX token' }).last().click();
    await page.waitForURL('**/px/token');
    await page.getByTestId('px-price').waitFor();
    expect(await page.getByTestId('px-price').textContent()).toBe('$0.073');
    expect(await page.getByTestId('px-market-cap').textContent()).toBe('$17.9M');
    expect(await page.getByTestId('px-volume').textContent()).toBe('$1.2M');
    await page.getByTestId('tokenomics-now').click();
    expect(await page.getByTestId('tokenomics-rows').textContent()).toContain('245M PX');

    await page.getByRole('link', { name: 'Buyback' }).click();
    await page.waitForURL('**/px/buyback');
    const total = await page.getByTestId('ledger-total').textContent();
    expect(total).toContain(`${buybackTotal.toLocaleString('en-GB')} PX`);
    const rows = page.getByTestId('ledger-items').locator('li');
    expect(await rows.count()).toBe(5);
    expect(await rows.first().textContent()).toContain('To liquidity');
    expect(await rows.first().locator('a').getAttribute('href')).toMatch(
      /^https:\/\/tonviewer\.com\/transaction\/[0-9a-f]{64}$/,
    );
    // Tabs replace the entry: Back leaves /px at once.
    await page.goBack();
    await page.waitForURL('**/info');
  });
});
