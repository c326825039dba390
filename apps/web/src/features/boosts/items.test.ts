import { describe, expect, it, vi } from 'vitest';
import { createMemoryTokenStorage } from '../../api/tokens.ts';
import type { WallRuntime } from '../../api/wall/runtime.ts';
import { createPixelStore } from '../../canvas/index.ts';
import { createWebPlatform } from '../../platform/web.ts';
import { shopStoreOf } from '../../store/shopStore.ts';
import { createTestContext, json, SIGNED_IN } from '../../test/harness.tsx';
import { applyBlast, applyRefill } from './items.ts';

const used = (over: object) => ({
  success: true,
  productId: 2,
  left: 4,
  pixels: 25,
  charges: 5,
  maxCharges: 5,
  reChargeTimer: 0,
  reChargeSpeed: 600_000,
  reward: 0,
  reward_type: null,
  reward_user: null,
  ...over,
});

function setup(answer: (path: string, body: unknown) => Response | undefined) {
  const platform = { ...createWebPlatform(''), haptic: vi.fn() };
  const bodies: unknown[] = [];
  const context = createTestContext({
    platform,
    tokens: createMemoryTokenStorage(SIGNED_IN),
    fetch: (path, init) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      bodies.push({ path, body });
      return answer(path, body);
    },
  });
  return { context, platform, bodies };
}

describe('items on the Wall', () => {
  it('a bomb paints its 5×5 square at once, updates the count and buzzes an error haptic', async () => {
    const { context, platform, bodies } = setup((path) =>
      path === '/repaint/special' ? json(200, used({})) : undefined,
    );
    const store = createPixelStore();
    const runtime = { store } as unknown as WallRuntime;
    const applied = vi.spyOn(store, 'apply');
    const outcome = await context.store.dispatch(applyBlast(runtime, 2, 10 + 10 * 1024 + 1, '#FF4500'));
    expect(outcome.kind).toBe('used');
    expect(bodies).toEqual([
      { path: '/repaint/special', body: { pixelId: 10251, type: 2, color: '#FF4500' } },
    ]);
    expect(applied).toHaveBeenCalledTimes(25);
    expect(shopStoreOf(context.http).get().goods['2']).toBe(4);
    expect(platform.haptic).toHaveBeenCalledWith('error');
  });

  it('with none left, reports empty so the shop opens', async () => {
    const { context } = setup(() =>
      json(409, { error: { code: 'NO_ITEMS', message: 'none' }, requestId: 'r' }),
    );
    const runtime = { store: createPixelStore() } as unknown as WallRuntime;
    expect((await context.store.dispatch(applyBlast(runtime, 7, 1, '#FFFFFF'))).kind).toBe('empty');
    expect((await context.store.dispatch(applyRefill())).kind).toBe('empty');
    expect(shopStoreOf(context.http).get().goods['1']).toBe(0);
  });

  it('a refill asks POST /items/use {productId: 1} and takes the server’s charges', async () => {
    const { context, bodies } = setup((path) =>
      path === '/items/use' ? json(200, used({ productId: 1, left: 2, pixels: 0 })) : undefined,
    );
    const outcome = await context.store.dispatch(applyRefill());
    expect(outcome.kind).toBe('used');
    expect(bodies).toEqual([{ path: '/items/use', body: { productId: 1 } }]);
    expect(context.store.getState().mining.charges?.charges).toBe(5);
  });
});
