import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryTokenStorage } from '../api/tokens.ts';
import { createWebPlatform } from '../platform/web.ts';
import { fetchMiningStatus } from '../store/miningSlice.ts';
import {
  createTestContext,
  createTestI18n,
  json,
  miningStatus,
  renderApp,
  SIGNED_IN,
} from '../test/harness.tsx';

vi.mock('./WallPage.tsx', () => ({ WallPage: () => <div data-testid="wall-page">wall</div> }));

let i18n: I18n;

beforeAll(async () => {
  i18n = await createTestI18n();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function signedInContext(fetchStatus = () => json(200, miningStatus())) {
  const requests: string[] = [];
  const context = createTestContext({
    tokens: createMemoryTokenStorage(SIGNED_IN),
    fetch: (path) => {
      requests.push(path);
      return path === '/mining/status' ? fetchStatus() : undefined;
    },
  });
  return { context, requests };
}

describe('/energy-over', () => {
  it('shows charges, time per charge and a ticking countdown while charges are 0', () => {
    vi.useFakeTimers();
    const { context } = signedInContext();
    context.store.dispatch(
      fetchMiningStatus.fulfilled({ status: miningStatus(), receivedAt: Date.now() }, 'test', undefined),
    );
    renderApp('/energy-over', context, i18n);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Energy is over');
    expect(screen.getByTestId('charges').textContent).toBe('0/5');
    expect(screen.getByText('10m 00s')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toContain('04:00');

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('timer').textContent).toContain('03:59');

    act(() => {
      vi.advanceTimersByTime(240_000);
    });
    expect(screen.getByTestId('charges').textContent).toBe('1/5');
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText('Your charges are back. Go paint!')).toBeTruthy();
  });

  it('loads the mining status when it is not there yet', async () => {
    const { context, requests } = signedInContext();
    renderApp('/energy-over', context, i18n);
    expect(await screen.findByTestId('charges')).toBeTruthy();
    expect(requests).toContain('/mining/status');
  });

  it('offers a retry when the status cannot be loaded', async () => {
    let fail = true;
    const { context } = signedInContext(() =>
      fail
        ? json(500, { error: { code: 'INTERNAL', message: 'boom' }, requestId: 'r' })
        : json(200, miningStatus()),
    );
    renderApp('/energy-over', context, i18n);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByTestId('charges')).toBeTruthy();
  });

  it('"Use TON Shop" (the web shop) asks for product 1 and opens /stars', async () => {
    const { context } = signedInContext();
    const { router } = renderApp('/energy-over', context, i18n);
    fireEvent.click(await screen.findByRole('button', { name: /Use TON Shop/ }));
    expect(router.state.location.pathname).toBe('/stars');
    expect(context.store.getState().ui.shopProduct).toBe(1);
  });

  it('names the Star Shop inside Telegram', async () => {
    const requests: string[] = [];
    const context = createTestContext({
      platform: { ...createWebPlatform(''), kind: 'telegram' },
      tokens: createMemoryTokenStorage(SIGNED_IN),
      fetch: (path) => {
        requests.push(path);
        return path === '/mining/status' ? json(200, miningStatus()) : undefined;
      },
    });
    renderApp('/energy-over', context, i18n);
    // The same name as the menu's entry and the shop's own title.
    expect(await screen.findByRole('button', { name: /Use Star Shop/ })).toBeTruthy();
    expect(screen.queryByText(/Stars Shop/)).toBeNull();
    expect(screen.queryByText(/TON Shop/)).toBeNull();
  });

  it('with every charge back offers no shop and no waiting, only the way back to paint', async () => {
    const { context } = signedInContext(() => json(200, miningStatus({ charges: 5 })));
    const { router } = renderApp('/energy-over', context, i18n);
    expect(await screen.findByTestId('charges')).toBeTruthy();
    expect(screen.getByTestId('charges').textContent).toBe('5/5');
    expect(screen.getByTestId('energy-full').textContent).toBe('Your charges are back. Go paint!');
    expect(screen.queryByRole('button', { name: /Shop/ })).toBeNull();
    expect(screen.queryByText('Just wait')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Go paint' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('says the real state when charges are left, and "Go paint" goes back to the Wall', async () => {
    const { context } = signedInContext(() => json(200, miningStatus({ charges: 3 })));
    const { router } = renderApp('/energy-over', context, i18n);
    expect(await screen.findByTestId('charges')).toBeTruthy();
    expect(screen.getByTestId('charges').textContent).toBe('3/5');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('You have energy');
    expect(screen.queryByText('Energy is over')).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Go paint' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('"Okay" returns to the Wall', async () => {
    const { context } = signedInContext();
    const { router } = renderApp('/energy-over', context, i18n);
    fireEvent.click(await screen.findByRole('button', { name: 'Okay' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('asks guests to sign in and loads nothing', () => {
    const requests: string[] = [];
    const context = createTestContext({ fetch: (path) => void requests.push(path) });
    renderApp('/energy-over', context, i18n);
    expect(screen.getByText('Sign in to get energy charges and start painting.')).toBeTruthy();
    expect(requests).not.toContain('/mining/status');
  });
});
