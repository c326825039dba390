import type { DailyFreeResponse, DailyListResponse, ShopProduct } from '@pixel-wall/shared';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../App.tsx';
import { createMemoryTokenStorage } from '../../api/tokens.ts';
import { shopStoreOf } from '../../store/shopStore.ts';
import { createTestContext, createTestI18n, json, SIGNED_IN } from '../../test/harness.tsx';
import { WallOffers } from './WallOffers.tsx';

const NOW = Date.UTC(2026, 10, 27, 23, 58, 55);
const MIDNIGHT = Date.UTC(2026, 10, 28);

const bundle: ShopProduct = {
  id: 9,
  name: 'Bundle',
  description: 'A limited bundle',
  image_url: '/goods/bundle.webp',
  prices: [],
  isOnePiece: false,
  permanent: false,
  limited: true,
  limitedEnd: MIDNIGHT,
};

function list(claimed: boolean): DailyListResponse {
  return {
    day: '2026-11-27',
    endsAt: MIDNIGHT,
    offers: [bundle, { ...bundle, id: 2, name: 'Dynamite', limited: false, limitedEnd: null }],
    free: { good_id: 2, name: 'Dynamite', image_url: '/goods/dynamite.webp', quantity: 1, claimed },
  };
}

const CLAIMED: DailyFreeResponse = {
  success: true,
  good_id: 2,
  name: 'Dynamite',
  image_url: '/goods/dynamite.webp',
  quantity: 1,
  available: 4,
};

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderOffers(signedIn: boolean, claimed = false) {
  const calls: string[] = [];
  const context = createTestContext({
    tokens: createMemoryTokenStorage(signedIn ? SIGNED_IN : {}),
    fetch: (path) => {
      calls.push(path);
      if (path === '/daily/list') return json(200, list(claimed));
      if (path === '/daily/free') return json(200, CLAIMED);
      return undefined;
    },
  });
  const onFly = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/', element: <WallOffers signedIn={signedIn} onFly={onFly} /> },
      { path: '/stars', element: <p>shop</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AppProviders context={context} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { calls, router, onFly, context };
}

describe('the offers on the Wall', () => {
  it("count down today's limited offer every 500 ms and open the shop on it", async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: NOW });
    const { router, context } = renderOffers(false);
    const offer = await screen.findByTestId('wall-offer');
    expect(offer.getAttribute('aria-label')).toContain('Bundle');
    expect(screen.getByRole('timer').textContent).toBe('01:05');
    // The countdown's interval starts in an effect React may run after the offer shows: on a busy
    // machine, after both steps below. The clock steps once it runs.
    await waitFor(() => expect(vi.getTimerCount()).toBeGreaterThan(0));
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('timer').textContent).toBe('01:05');
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('timer').textContent).toBe('01:04');
    fireEvent.click(offer);
    await waitFor(() => expect(router.state.location.pathname).toBe('/stars'));
    expect(context.store.getState().ui.shopProduct).toBe(9);
  });

  it('take the free daily item once: the count follows and the item flies to it', async () => {
    const { calls, onFly, context } = renderOffers(true);
    const daily = await screen.findByTestId('wall-daily');
    expect(daily.textContent).toContain('Free');
    expect(daily.getAttribute('aria-label')).toBe('Free daily item: Dynamite. Take it');
    fireEvent.click(daily);
    await waitFor(() => expect(daily.textContent).toContain('Taken'));
    expect((daily as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((p) => p === '/daily/free')).toHaveLength(1);
    expect(shopStoreOf(context.http).get().goods['2']).toBe(4);
    expect(context.store.getState().ui.toasts.map((t) => t.text)).toEqual(['You got Dynamite!']);
    expect(onFly).toHaveBeenCalledWith(expect.any(Object), { kind: 'goods', productId: 2 });
  });

  it('show a taken item as taken, and ask a guest to sign in instead of claiming', async () => {
    renderOffers(true, true);
    const taken = await screen.findByTestId('wall-daily');
    expect((taken as HTMLButtonElement).disabled).toBe(true);
    expect(taken.textContent).toContain('Taken');
    cleanup();
    const { calls, context } = renderOffers(false);
    fireEvent.click(await screen.findByTestId('wall-daily'));
    expect(context.store.getState().ui.toasts.map((t) => t.text)).toEqual([
      'Sign in to take the free daily item.',
    ]);
    expect(calls).not.toContain('/daily/free');
  });
});
