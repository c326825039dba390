/**
 * Earning, as a player meets it on a phone: mine PX and claim them, spend PX on a boost, paint
 * until the Wall pays a reward, claim an item into the inventory, and claim PX that the payout job
 * sends from the payout wallet (the fake toncenter plays the chain) with an explorer link after.
 *
 * Then the one-off tools of the bottom bar, bought with TON through the fake chain: the pipette
 * takes a tapped pixel's colour, and fast mode paints where a tap lands.
 *
 * It runs its own server and fake toncenter, configured for it: PX mined fast enough to see
 * (MINING_PX_PER_SECOND), every paint rewarded (PAINT_REWARD_ONE_IN=1), a charge back every second
 * (RECHARGE_SECONDS), a payout wallet (TON_PAYOUT_MNEMONIC) funded with TON and PX on the fake, and
 * TON payments watched on a payment wallet (TON_PAYMENT_WALLET).
 */
import { CURRENCIES, pixelIdOf } from '@pixel-wall/shared';
import { mnemonicNew } from '@ton/crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeTonAddress } from '../../../apps/server/src/integrations/ton/address.ts';
import { highloadWalletFromMnemonic } from '../../../apps/server/src/integrations/ton/highload.ts';
import { makeTestWallet, signTonProof } from '../../../apps/server/src/integrations/ton/testing.ts';
import { type FakeTonIndexer, startFakeTonIndexer } from '../fakes/ton-indexer.ts';
import { type ServerProcess, startServer } from '../lib/server-process.ts';
import {
  api,
  LAUNCH_SCALE,
  launchBrowser,
  launchColour,
  launchPixelPoint,
  newPhone,
  openSignIn,
  screenshot,
  wallColourAt,
  watchErrors,
} from './browser.ts';

const X = 512;
const Y = 300;
const PX_MASTER = normalizeTonAddress(CURRENCIES.find((c) => c.code === 'PX')!.jettonMaster!);

const pxOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

async function devSignIn(page: Page, baseUrl: string, name: string, x: number, y: number): Promise<void> {
  await page.goto(`${baseUrl}/?startapp=x${x}_y${y}`);
  await openSignIn(page);
  await page.fill('.dev-sign-in__input', name);
  await page.click('.dev-sign-in button[type=submit]');
  await page.waitForSelector('[data-testid=paint-button]', { timeout: 15_000 });
}

/** Connects a v4R2 test wallet with a real ton_proof; returns it. */
async function connectWallet(page: Page): Promise<ReturnType<typeof makeTestWallet>> {
  const wallet = makeTestWallet();
  const { payload } = await api<{ payload: string }>(page, '/wallet/ton-proof/generate-payload', {});
  const timestamp = Math.floor(Date.now() / 1000);
  await api(
    page,
    '/wallet/ton-proof/check-proof',
    signTonProof(wallet, { domain: '127.0.0.1', payload, timestamp }),
  );
  return wallet;
}

/** Closes the reward popup a paint brings up here (every paint wins on this server). */
async function dismissReward(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid=pixel-reward]');
  await page.click('[data-testid=pixel-reward] .popup__close');
  await page.waitForSelector('[data-testid=pixel-reward]', { state: 'detached' });
}

describe('earning', () => {
  let browser: Browser;
  let fake: FakeTonIndexer;
  let server: ServerProcess;
  const paymentWallet = makeTestWallet().address;

  beforeAll(async () => {
    fake = await startFakeTonIndexer();
    const mnemonic = (await mnemonicNew(24)).join(' ');
    // The default payout wallet: highload v3 with the default subwallet id and timeout.
    const payout = await highloadWalletFromMnemonic(mnemonic, { timeout: 3600 });
    fake.fundWallet(payout.address, 50_000_000_000n);
    fake.fundJetton(payout.address, PX_MASTER, 1_000_000n * 10n ** 9n);
    server = await startServer({
      env: {
        RATE_LIMIT_IP_PER_MINUTE: '100000',
        RATE_LIMIT_SIGNIN_PER_MINUTE: '100000',
        PAINT_REWARD_ONE_IN: '1',
        MINING_PX_PER_SECOND: '5',
        RECHARGE_SECONDS: '1',
        TON_INDEXER_URL: fake.url,
        TON_PAYOUT_MNEMONIC: mnemonic,
        TON_PAYOUT_INTERVAL_MS: '1000',
        TON_PAYMENT_WALLET: paymentWallet,
        TON_WATCH_INTERVAL_MS: '1000',
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  it('mines and claims PX, buys a boost, claims an item and a PX reward that goes on chain', async () => {
    const ctx = await newPhone(browser);
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await devSignIn(page, server.url, 'Earner', X, Y);
    expect(await api<{ enabled: boolean }>(page, '/rewards/payouts')).toMatchObject({ enabled: true });
    // A TON wallet to receive PX.
    const wallet = await connectWallet(page);

    // ---------- mining: PX accrue, a claim moves them into the balance ----------
    await page.click('[data-testid=mining-chip]');
    await page.waitForSelector('[data-testid=mining-card]');
    await expect
      .poll(async () => pxOf(await page.textContent('[data-testid=mining-px]')), { timeout: 10_000 })
      .toBeGreaterThan(20);
    await page.waitForSelector('[data-testid=boost-upgrades]');
    await screenshot(page, 'earn-mining-sheet-390x844');
    const balanceBefore = pxOf(await page.textContent('[data-testid=mining-balance]'));
    await page.click('[data-testid=mining-claim]');
    await expect
      .poll(async () => pxOf(await page.textContent('[data-testid=mining-balance]')))
      .toBeGreaterThan(balanceBefore + 20);
    const balance = pxOf(await page.textContent('[data-testid=mining-balance]'));

    // ---------- a boost bought with PX ----------
    expect(await page.textContent('[data-testid=boost-level-energyLimit]')).toBe('Level 0/6');
    await page.click('[data-testid=boost-buy-energyLimit]');
    await expect.poll(() => page.textContent('[data-testid=boost-level-energyLimit]')).toBe('Level 1/6');
    await expect
      .poll(async () => pxOf(await page.textContent('[data-testid=boost-balance]')))
      .toBe(balance - 5);
    expect(await page.textContent('[data-testid=boost-buy-energyLimit]')).toBe('100 PX');
    await screenshot(page, 'earn-boosts-390x844');
    await page.keyboard.press('Escape');
    // The engine uses the new limit at once: twelve charges, refilling every second.
    await expect.poll(() => page.textContent('[data-testid=charges]'), { timeout: 20_000 }).toBe('12/12');

    // ---------- paint until the Wall has paid both an item and PX ----------
    const goodsBefore = await api<{ goodsAvailable: Record<string, number> }>(page, '/buy/list');
    const itemsBefore = Object.values(goodsBefore.goodsAvailable).reduce((a, b) => a + b, 0);
    let gotGoods = false;
    let gotToken = false;
    for (let paint = 0; paint < 24 && !(gotGoods && gotToken); paint++) {
      await page.click('[data-testid=paint-button]');
      await page.waitForSelector('[data-testid=pixel-reward]');
      // Goods show their name once the unclaimed list has told which product it is.
      const amount = await page.waitForFunction(() => {
        const text = document.querySelector('.pixel-reward__amount')?.textContent?.trim() ?? '';
        return /^\+[\d.]+ (PX|\S.*)$/.test(text) ? text : null;
      });
      const isToken = / PX$/.test(String(await amount.jsonValue()));
      if ((isToken && gotToken) || (!isToken && gotGoods)) {
        // Already covered: close it, claiming nothing.
        await page.click('[data-testid=pixel-reward] .popup__close');
        await page.waitForSelector('[data-testid=pixel-reward]', { state: 'detached' });
        continue;
      }
      if (!gotGoods && !isToken) {
        await page.waitForTimeout(400);
        await screenshot(page, 'earn-pixel-reward-390x844');
      }
      await page.click('[data-testid=pixel-reward] .btn--primary');
      await page.waitForSelector('[data-testid=reward-popup]');
      // The popup rises in over a few frames.
      await page.waitForTimeout(400);
      await screenshot(page, isToken ? 'earn-reward-popup-token-390x844' : 'earn-reward-popup-390x844');
      await page.click('[data-testid=reward-claim]');
      await page.waitForSelector('[data-testid=reward-popup]', { state: 'detached' });
      if (isToken) gotToken = true;
      else gotGoods = true;
    }
    expect({ gotGoods, gotToken }).toEqual({ gotGoods: true, gotToken: true });

    // The item is in the inventory.
    const goodsAfter = await api<{ goodsAvailable: Record<string, number> }>(page, '/buy/list');
    expect(Object.values(goodsAfter.goodsAvailable).reduce((a, b) => a + b, 0)).toBe(itemsBefore + 1);

    // The PX went out from the payout wallet to the player's wallet, once, and the list links it.
    await expect.poll(() => fake.sent.length, { timeout: 15_000 }).toBe(1);
    const sent = fake.sent[0]!;
    expect(sent).toMatchObject({ to: wallet.address, jettonMaster: PX_MASTER, jettonAmount: '2000000000' });
    await page.click('[data-testid=mining-chip]');
    const link = await page.waitForSelector('[data-testid=token-rewards] a', { timeout: 15_000 });
    expect(await link.getAttribute('href')).toBe(`https://tonviewer.com/transaction/${sent.txHash}`);
    await link.scrollIntoViewIfNeeded();
    await screenshot(page, 'earn-token-sent-390x844');

    // Without the pipette the bottom bar's pipette opens the shop for it.
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=boost-4]');
    await screenshot(page, 'earn-paint-bar-390x844');
    await page.click('[data-testid=boost-4]');
    await page.waitForURL(/\/stars$/);
    await page.waitForSelector('[data-testid=purchase-popup]');
    expect(await page.textContent('[data-testid=purchase-popup]')).toContain('Pipette');

    expect(errors.filter((e) => !/ERR_NAME_NOT_RESOLVED|TON_CONNECT_SDK|config\.ton\.org/.test(e))).toEqual(
      [],
    );
    await ctx.close();
  });

  it("the pipette takes a tapped pixel's colour; fast mode paints where a tap lands", async () => {
    const x = 700;
    const y = 200;
    const ctx = await newPhone(browser);
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await devSignIn(page, server.url, 'Toolmaker', x, y);
    const wallet = await connectWallet(page);

    // Both one-offs bought with TON: an order, then its transfer seen on the (fake) chain.
    for (const goodId of [4, 5]) {
      const order = await api<{ txMemCode: string; strAmount: string }>(page, '/transactions/start', {
        buyerWallet: wallet.address,
        goodId,
        currencyId: 2,
        quantity: 1,
      });
      fake.addTonTransfer({
        from: wallet.address,
        to: paymentWallet,
        nanotons: order.strAmount,
        comment: order.txMemCode,
      });
    }
    const owned = async () =>
      (await api<{ goodsAvailable: Record<string, number> }>(page, '/buy/list')).goodsAvailable;
    await expect.poll(owned, { timeout: 20_000 }).toMatchObject({ '4': 1, '5': 1 });
    await page.reload();
    await page.waitForSelector('[data-testid=boost-4]');
    await expect.poll(() => page.$('[data-testid=boost-count-4]')).toBeNull();

    // Paint the selected pixel orange-red, then make blue the active colour (a basic one).
    await page.click('button[aria-expanded][aria-label]:first-of-type');
    await page.click('[data-testid=palette] button[aria-label="#FF4500"]');
    await page.click('[data-testid=paint-button]');
    await dismissReward(page);
    await expect.poll(() => launchColour(page)).toBe('#FF4500');
    await page.click('[data-testid=palette] button[aria-label="#3690EA"]');
    const swatch = () => page.$eval('.paint-bar__swatch', (el) => (el as HTMLElement).style.background);
    expect(await swatch()).toBe('rgb(54, 144, 234)');
    // The colours panel closes again, so the Wall around the pixel shows.
    await page.click('button[aria-expanded][aria-label]:first-of-type');

    // The pipette: armed, the next tap on the Wall takes that pixel's colour.
    await page.click('[data-testid=boost-4]');
    await page.waitForSelector('[data-testid=pipette-hint]');
    expect(await page.getAttribute('[data-testid=boost-4]', 'aria-pressed')).toBe('true');
    await screenshot(page, 'earn-pipette-armed-390x844');
    // The launch pixel, above the hint; once the Wall is tapped it stays where it is.
    const { x: cx, y: cy } = await launchPixelPoint(page);
    const hit = (px: number, py: number) =>
      page.evaluate(({ px, py }) => (document.elementFromPoint(px, py) as HTMLElement).dataset.testid, {
        px,
        py,
      });
    expect(await hit(cx, cy)).toBe('wall-canvas');
    await page.mouse.click(cx, cy);
    await page.waitForSelector('[data-testid=pipette-hint]', { state: 'detached' });
    expect(await swatch()).toBe('rgb(255, 69, 0)');
    expect(await page.getAttribute('[data-testid=boost-4]', 'aria-pressed')).toBe('false');

    // Fast mode: one tap two pixels to the left paints there at once, with the active colour.
    await page.click('button[aria-expanded][aria-label]:first-of-type');
    await page.click('[data-testid=palette] button[aria-label="#00A368"]');
    await page.click('button[aria-expanded][aria-label]:first-of-type');
    await page.click('[data-testid=boost-5]');
    expect(await page.getAttribute('[data-testid=boost-5]', 'aria-pressed')).toBe('true');
    expect(await hit(cx - 2 * LAUNCH_SCALE, cy)).toBe('wall-canvas');
    await page.mouse.click(cx - 2 * LAUNCH_SCALE, cy);
    await dismissReward(page);
    await expect.poll(() => wallColourAt(page, { x: cx, y: cy }, -2, 0)).toBe('#00A368');
    const info = await api<{ pixel: { color: string }; owner: { firstName: string } | null }>(
      page,
      `/image/get/${pixelIdOf(x - 2, y)}`,
    );
    expect(info).toMatchObject({ pixel: { color: '#00A368' }, owner: { firstName: 'Toolmaker' } });
    expect(await wallColourAt(page, { x: cx, y: cy })).toBe('#FF4500');
    await screenshot(page, 'earn-fast-mode-390x844');

    expect(errors.filter((e) => !/ERR_NAME_NOT_RESOLVED|TON_CONNECT_SDK|config\.ton\.org/.test(e))).toEqual(
      [],
    );
    await ctx.close();
  });
});
