import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryTokenStorage } from '../api/tokens.ts';
import type { Platform } from '../platform/types.ts';
import { createWebPlatform } from '../platform/web.ts';
import { fetchPublicConfig } from '../store/configSlice.ts';
import { loadingFinished, loadingStarted, showToast } from '../store/uiSlice.ts';
import { fetchMe } from '../store/userSlice.ts';
import { createTestContext, createTestI18n, json, renderApp, SIGNED_IN, user } from '../test/harness.tsx';
import { LoadingBar } from './LoadingBar/LoadingBar.tsx';
import { Toasts } from './Toasts/Toasts.tsx';

vi.mock('../pages/WallPage.tsx', () => ({ WallPage: () => <div data-testid="wall-page">wall</div> }));

const missing: string[] = [];
let i18n: I18n;

beforeAll(async () => {
  i18n = await createTestI18n(missing);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function menuLabels(): string[] {
  const dialog = screen.getByRole('dialog', { name: 'Menu' });
  return within(dialog)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('side menu', () => {
  it('shows guests the public entries in SPEC order', async () => {
    renderApp('/about', createTestContext(), i18n);
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    expect(menuLabels()).toEqual([
      'Invite frens',
      'Game modes',
      'NFT',
      'PX token',
      'Ratings',
      'Settings',
      'About',
      'Info',
      'Rules',
      'Terms',
      'Privacy',
    ]);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('adds profile, wallet, inventory and the shop for a signed-in player', async () => {
    const context = createTestContext({
      tokens: createMemoryTokenStorage(SIGNED_IN),
      fetch: (path) => (path === '/users/me' ? json(200, user()) : undefined),
    });
    await context.store.dispatch(fetchMe());
    renderApp('/about', context, i18n);
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    expect(menuLabels().slice(0, 5)).toEqual([
      'My profile',
      'Connect TON wallet',
      'Inventory',
      'Invite frens',
      'TON Shop',
    ]);
    expect(within(screen.getByRole('dialog')).getByText('Ada')).toBeTruthy();
  });

  it('shows the linked wallet shortened, with a disconnect, in place of Connect', async () => {
    const context = createTestContext({
      tokens: createMemoryTokenStorage(SIGNED_IN),
      fetch: (path) =>
        path === '/users/me'
          ? json(200, user({ walletAddress: 'UQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq5mz' }))
          : undefined,
    });
    await context.store.dispatch(fetchMe());
    renderApp('/about', context, i18n);
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByTestId('menu-wallet-address').textContent).toBe('UQCr…q5mz');
    expect(within(dialog).getByRole('button', { name: 'Disconnect' })).toBeTruthy();
    expect(within(dialog).queryByText('Connect TON wallet')).toBeNull();
  });

  it('closes on navigation', async () => {
    const { router } = renderApp('/about', createTestContext(), i18n);
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    fireEvent.click(screen.getByRole('link', { name: 'Settings' }));
    expect(router.state.location.pathname).toBe('/settings');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('guest sign-in banner', () => {
  function phoneWidth(phone: boolean) {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: phone && query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  }
  afterEach(() => vi.unstubAllGlobals());

  it('starts folded to one line on a phone, unfolds on Sign in, and hides on close', async () => {
    phoneWidth(true);
    const context = createTestContext();
    await context.store.dispatch(fetchPublicConfig());
    renderApp('/about', context, i18n);
    const banner = await screen.findByTestId('guest-banner');
    expect(banner.className).toContain('guest-banner--folded');
    expect(banner.querySelector('.dev-sign-in')).toBeNull();
    fireEvent.click(within(banner).getByRole('button', { name: 'Sign in' }));
    const open = screen.getByTestId('guest-banner');
    expect(open.className).not.toContain('guest-banner--folded');
    expect(open.querySelector('.dev-sign-in')).not.toBeNull();
    fireEvent.click(within(open).getByRole('button', { name: 'Hide' }));
    expect(screen.queryByTestId('guest-banner')).toBeNull();
    expect(missing).toEqual([]);
  });

  it('shows the ways to sign in at once on a wide screen', async () => {
    phoneWidth(false);
    const context = createTestContext();
    await context.store.dispatch(fetchPublicConfig());
    renderApp('/about', context, i18n);
    const banner = await screen.findByTestId('guest-banner');
    expect(banner.className).not.toContain('guest-banner--folded');
    expect(banner.querySelector('.dev-sign-in')).not.toBeNull();
  });
});

describe('game modes sheet', () => {
  it('lists The Wall and three modes in progress', async () => {
    renderApp('/', createTestContext(), i18n);
    fireEvent.click(await screen.findByRole('button', { name: 'Game modes' }));
    const dialog = screen.getByRole('dialog', { name: 'Game modes' });
    expect(within(dialog).getByText('The Wall')).toBeTruthy();
    expect(within(dialog).getAllByText('In progress')).toHaveLength(3);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the NFT drawing from the NFT map, and links the rules and the Open League', async () => {
    const { router } = renderApp('/', createTestContext(), i18n);
    fireEvent.click(await screen.findByRole('button', { name: 'Game modes' }));
    const dialog = screen.getByRole('dialog', { name: 'Game modes' });
    expect(within(dialog).getByRole('link', { name: 'Rules' }).getAttribute('href')).toBe('/rules');
    expect(within(dialog).getByRole('link', { name: 'Open League' }).getAttribute('href')).toBe(
      '/open-league',
    );
    fireEvent.click(within(dialog).getByRole('link', { name: /NFT map/ }));
    expect(router.state.location.pathname).toBe('/nft');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Telegram back button', () => {
  function fakeTelegram() {
    let handler: (() => void) | null = null;
    const backButton = {
      show: vi.fn(),
      hide: vi.fn(),
      onClick: vi.fn((fn: () => void) => {
        handler = fn;
        return () => {
          handler = null;
        };
      }),
    };
    const platform: Platform = { ...createWebPlatform(''), kind: 'telegram', backButton };
    return { platform, backButton, press: () => handler?.() };
  }

  it('shows off the Wall and goes home from a deep link', async () => {
    const { platform, backButton, press } = fakeTelegram();
    const { router } = renderApp('/rules', createTestContext({ platform }), i18n);
    await screen.findByRole('heading', { level: 1 });
    expect(backButton.show).toHaveBeenCalled();
    act(() => press());
    expect(router.state.location.pathname).toBe('/');
    expect(backButton.hide).toHaveBeenCalled();
  });

  it('goes back through history when there is some', async () => {
    const { platform, press } = fakeTelegram();
    const { router } = renderApp('/rules', createTestContext({ platform }), i18n);
    await act(() => router.navigate('/terms'));
    act(() => press());
    expect(router.state.location.pathname).toBe('/rules');
  });
});

describe('loading bar and toasts', () => {
  it('grows on start, fills on finish and hides after 300 ms', () => {
    vi.useFakeTimers();
    const context = createTestContext();
    render(
      <Provider store={context.store}>
        <LoadingBar />
      </Provider>,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => {
      context.store.dispatch(loadingStarted());
    });
    act(() => {
      vi.advanceTimersByTime(50);
    });
    expect(screen.getByRole('progressbar').firstElementChild?.className).toContain('--growing');
    act(() => {
      context.store.dispatch(loadingFinished());
    });
    expect(screen.getByRole('progressbar').firstElementChild?.className).toContain('--done');
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(context.store.getState().ui.loadingBar).toBe('idle');
  });

  it('removes a toast after 3 s', () => {
    vi.useFakeTimers();
    const context = createTestContext();
    render(
      <Provider store={context.store}>
        <Toasts />
      </Provider>,
    );
    act(() => {
      context.store.dispatch(showToast('Copied!', 'success'));
    });
    expect(screen.getByText('Copied!')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.getByText('Copied!')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Copied!')).toBeNull();
  });
});

describe('translations', () => {
  it('every key the chrome used exists in English', () => {
    expect([...new Set(missing)]).toEqual([]);
  });
});
