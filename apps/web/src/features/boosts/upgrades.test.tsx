import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../App.tsx';
import { createMemoryTokenStorage } from '../../api/tokens.ts';
import { formatterFor } from '../../i18n/format.ts';
import { createWebPlatform } from '../../platform/web.ts';
import { fetchMiningStatus } from '../../store/miningSlice.ts';
import { fetchMe } from '../../store/userSlice.ts';
import {
  createTestContext,
  createTestI18n,
  json,
  miningStatus,
  SIGNED_IN,
  user,
} from '../../test/harness.tsx';
import { BoostUpgrades } from './BoostUpgrades.tsx';
import { boostRows, formatBoostValue, upgradeBoost } from './upgrades.ts';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

const boosts = (paintReward: number, rechargeSpeed: number, energyLimit: number) => [
  { id: 'energyLimit', level: energyLimit, maxLevel: 6 },
  { id: 'rechargeSpeed', level: rechargeSpeed, maxLevel: 10 },
  { id: 'paintReward', level: paintReward, maxLevel: 6 },
];

const upgraded = (over: object) => ({
  success: true,
  id: 'energyLimit',
  level: 1,
  maxLevel: 6,
  paidMilli: 5000,
  balanceMilli: 7000,
  pixelCoins: 7,
  nextPricePx: 100,
  maxCharges: 12,
  reChargeSpeed: 600_000,
  rewardMultiplier: 1,
  ...over,
});

describe('boost rows', () => {
  it('show level, value now and next, and the price from the shared tables', () => {
    const rows = boostRows({ boosts: boosts(1, 10, 0) }, 50);
    expect(rows.map((r) => r.id)).toEqual(['paintReward', 'rechargeSpeed', 'energyLimit']);
    expect(rows[0]).toMatchObject({ level: 1, value: 1.5, nextValue: 2, pricePx: 100, affordable: false });
    expect(rows[1]).toMatchObject({
      level: 10,
      value: 300_000,
      nextValue: null,
      pricePx: null,
      affordable: false,
    });
    expect(rows[2]).toMatchObject({ level: 0, value: 5, nextValue: 12, pricePx: 5, affordable: true });
    expect(boostRows(null, 0).map((r) => r.level)).toEqual([0, 0, 0]);
    // An operator's base (here 30 charges, a charge a second) beats the table; a level keeps it.
    const based = boostRows({ boosts: boosts(0, 1, 1), maxCharges: 30, reChargeSpeed: 1000 }, 0);
    expect(based[1]).toMatchObject({ value: 1000, nextValue: 1000 });
    expect(based[2]).toMatchObject({ value: 30, nextValue: 30 });
    const table = boostRows({ boosts: boosts(0, 1, 1), maxCharges: 12, reChargeSpeed: 570_000 }, 0);
    expect(table[1]).toMatchObject({ value: 570_000, nextValue: 540_000 });
    expect(table[2]).toMatchObject({ value: 12, nextValue: 14 });
    const en = formatterFor('en');
    expect(formatBoostValue(en, 'paintReward', 2.5)).toBe('×2.5');
    expect(formatBoostValue(en, 'rechargeSpeed', 570_000)).toBe('9m 30s');
    expect(formatBoostValue(en, 'energyLimit', 24)).toBe('24');
    expect(formatBoostValue(formatterFor('de'), 'paintReward', 2.5)).toBe('×2,5');
    expect(formatBoostValue(formatterFor('de'), 'energyLimit', 1200)).toBe('1.200');
  });
});

describe('upgradeBoost', () => {
  function setup(answer: (path: string, body: unknown) => Response | undefined) {
    const platform = { ...createWebPlatform(''), haptic: vi.fn() };
    const calls: { path: string; body: unknown }[] = [];
    const context = createTestContext({
      platform,
      tokens: createMemoryTokenStorage(SIGNED_IN),
      fetch: (path, init) => {
        const body = init.body ? JSON.parse(String(init.body)) : undefined;
        calls.push({ path, body });
        return answer(path, body);
      },
    });
    return { context, platform, calls };
  }

  it('posts the level the player saw, takes the new balance and reloads the status', async () => {
    const { context, calls, platform } = setup((path) => {
      if (path === '/users/me') return json(200, user({ pixelCoins: 12 }));
      if (path === '/mining/boosts/energyLimit/upgrade') return json(200, upgraded({}));
      if (path === '/mining/status')
        return json(200, miningStatus({ maxCharges: 12, boosts: boosts(0, 0, 1) }));
      return undefined;
    });
    await context.store.dispatch(fetchMe());
    const outcome = await context.store.dispatch(upgradeBoost('energyLimit', 0));
    expect(outcome.kind).toBe('upgraded');
    expect(calls.find((c) => c.path.startsWith('/mining/boosts'))).toEqual({
      path: '/mining/boosts/energyLimit/upgrade',
      body: { fromLevel: 0 },
    });
    expect(context.store.getState().user.data?.pixelCoins).toBe(7);
    await vi.waitFor(() => expect(context.store.getState().mining.data?.maxCharges).toBe(12));
    expect(platform.haptic).toHaveBeenCalledWith('success');
  });

  it('tells apart a short balance, the top level and a stale level', async () => {
    const error = (code: string) => json(409, { error: { code, message: code }, requestId: 'r' });
    for (const [code, kind] of [
      ['NOT_ENOUGH_PX', 'poor'],
      ['MAX_LEVEL', 'max'],
      ['CONFLICT', 'stale'],
    ] as const) {
      const { context } = setup((path) => (path.startsWith('/mining/boosts') ? error(code) : undefined));
      expect((await context.store.dispatch(upgradeBoost('paintReward', 3))).kind).toBe(kind);
    }
    const { context } = setup(() => json(500, { error: { code: 'INTERNAL', message: 'x' }, requestId: 'r' }));
    expect((await context.store.dispatch(upgradeBoost('paintReward', 3))).kind).toBe('failed');
  });
});

describe('the upgrades panel', () => {
  async function renderPanel(pixelCoins: number, posts: unknown[]) {
    let level = 0;
    const context = createTestContext({
      tokens: createMemoryTokenStorage(SIGNED_IN),
      fetch: (path, init) => {
        if (path === '/users/me') return json(200, user({ pixelCoins }));
        if (path === '/mining/status') return json(200, miningStatus({ boosts: boosts(level, 0, 0) }));
        if (path === '/mining/boosts/paintReward/upgrade') {
          posts.push(JSON.parse(String(init.body)));
          level = 1;
          return json(
            200,
            upgraded({ id: 'paintReward', pixelCoins: pixelCoins - 5, rewardMultiplier: 1.5 }),
          );
        }
        return undefined;
      },
    });
    await context.store.dispatch(fetchMe());
    await context.store.dispatch(fetchMiningStatus());
    render(
      <AppProviders context={context} i18n={i18n}>
        <BoostUpgrades />
      </AppProviders>,
    );
    return context;
  }

  it('buys a level with PX and shows it at once', async () => {
    const posts: unknown[] = [];
    await renderPanel(20, posts);
    expect(screen.getByTestId('boost-balance').textContent).toBe('Balance: 20 PX');
    const row = screen.getByTestId('boost-upgrade-paintReward');
    expect(row.textContent).toContain('Paint reward');
    expect(row.textContent).toContain('×1 → ×1.5');
    expect(screen.getByTestId('boost-level-paintReward').textContent).toBe('Level 0/6');
    await act(async () => fireEvent.click(screen.getByTestId('boost-buy-paintReward')));
    expect(posts).toEqual([{ fromLevel: 0 }]);
    await vi.waitFor(() =>
      expect(screen.getByTestId('boost-level-paintReward').textContent).toBe('Level 1/6'),
    );
    expect(screen.getByTestId('boost-balance').textContent).toBe('Balance: 15 PX');
    expect(screen.getByTestId('boost-buy-paintReward').textContent).toBe('100 PX');
  });

  it('explains a price the balance does not cover without calling the server', async () => {
    const posts: unknown[] = [];
    const context = await renderPanel(3, posts);
    await act(async () => fireEvent.click(screen.getByTestId('boost-buy-energyLimit')));
    expect(posts).toEqual([]);
    expect(context.store.getState().ui.toasts.at(-1)).toMatchObject({
      text: 'Not enough PX: 2 more needed.',
    });
  });
});
