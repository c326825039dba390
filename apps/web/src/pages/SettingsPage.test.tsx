import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryTokenStorage } from '../api/tokens.ts';
import { createTestContext, createTestI18n, json, renderApp, SIGNED_IN, user } from '../test/harness.tsx';

vi.mock('../features/wallet/WalletContext.tsx', () => ({
  useWalletConnector: () => connector,
  useWalletAccount: () => ({ account: null, restoring: false }),
  WalletProvider: ({ children }: { children: ReactNode }) => children,
}));

const connector = { disconnect: vi.fn(async () => {}) };
let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
beforeEach(() => {
  localStorage.clear();
  connector.disconnect.mockClear();
});
afterEach(cleanup);

describe('/settings', () => {
  it('switches animations off and on, remembers it and marks the document', async () => {
    const context = createTestContext();
    renderApp('/settings', context, i18n);
    const { store } = context;
    const toggle = await screen.findByRole('switch', { name: 'Animations' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(localStorage.getItem('animations')).toBe('false');
    expect(store.getState().ui.animations).toBe(false);
    await waitFor(() => expect(document.documentElement.dataset.animations).toBe('off'));
    fireEvent.click(toggle);
    expect(localStorage.getItem('animations')).toBe('true');
  });

  it('sets the canvas frame rate from 10 to 60 in steps of 1, clamped and remembered', async () => {
    const context = createTestContext();
    renderApp('/settings', context, i18n);
    const slider = (await screen.findByRole('slider')) as HTMLInputElement;
    expect([slider.min, slider.max, slider.step, slider.value]).toEqual(['10', '60', '1', '60']);
    fireEvent.change(slider, { target: { value: '24' } });
    expect(context.store.getState().ui.canvasFps).toBe(24);
    expect(localStorage.getItem('canvasFps')).toBe('24');
    expect(screen.getByText('24 FPS')).toBeTruthy();
  });

  it('changes the language to one of the ten, and warns about and ignores any other', async () => {
    renderApp('/settings', createTestContext(), i18n);
    expect(await screen.findAllByRole('radio')).toHaveLength(10);
    await act(async () => {
      fireEvent.click(screen.getByTestId('language-de'));
    });
    await waitFor(() => expect(i18n.language).toBe('de'));
    expect(localStorage.getItem('language')).toBe('de');
    const { setLanguage } = await import('../i18n/index.ts');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(setLanguage(i18n, 'xx')).toBe(false);
    expect(warn).toHaveBeenCalledWith('Unsupported language "xx" ignored');
    expect(i18n.language).toBe('de');
    warn.mockRestore();
    await act(() => i18n.changeLanguage('en'));
  });

  it('offers no disconnect buttons to a guest without a wallet', async () => {
    renderApp('/settings', createTestContext(), i18n);
    await screen.findByRole('slider');
    expect(screen.queryByTestId('disconnect-ton')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disconnect Telegram account' })).toBeNull();
  });

  it('disconnects the linked TON wallet on the server and in TON Connect', async () => {
    let linked = true;
    const calls: string[] = [];
    const context = createTestContext({
      tokens: createMemoryTokenStorage(SIGNED_IN),
      fetch: (path, init) => {
        if (path === '/users/me')
          return json(200, user(linked ? { walletAddress: `0:${'ab'.repeat(32)}` } : {}));
        if (path === '/wallet' && init.method === 'DELETE') {
          calls.push('DELETE /wallet');
          linked = false;
          return json(200, { success: true });
        }
        return undefined;
      },
    });
    renderApp('/settings', context, i18n);
    await act(async () => {
      await context.store.dispatch((await import('../store/userSlice.ts')).fetchMe());
    });
    expect(screen.getByRole('button', { name: 'Disconnect Telegram account' })).toBeTruthy();
    fireEvent.click(await screen.findByTestId('disconnect-ton'));
    await waitFor(() => expect(screen.queryByTestId('disconnect-ton')).toBeNull());
    expect(calls).toEqual(['DELETE /wallet']);
    expect(connector.disconnect).toHaveBeenCalledOnce();
  });
});
