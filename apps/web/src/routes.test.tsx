import { cleanup, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_PATHS } from './routes.tsx';
import { bootSession } from './session.ts';
import { createTestContext, createTestI18n, renderApp } from './test/harness.tsx';

vi.mock('./pages/WallPage.tsx', () => ({ WallPage: () => <div data-testid="wall-page">wall</div> }));

const missingKeys: string[] = [];
let i18n: I18n;

beforeAll(async () => {
  i18n = await createTestI18n(missingKeys);
});

afterEach(() => {
  cleanup();
});

describe('routes', () => {
  it('cover every route of SPEC §2', () => {
    for (const path of [
      '/',
      '/about',
      '/invite-frens',
      '/stars',
      '/info',
      '/my-squad',
      '/my-profile',
      '/rules',
      '/terms',
      '/nft',
      '/stats',
      '/privacy',
      '/staking',
      '/settings',
      '/ratings',
      '/ratings/awards',
      '/energy-over',
      '/open-league',
      '/pay-support',
      '/px',
    ]) {
      expect(APP_PATHS).toContain(path);
    }
  });

  it.each(APP_PATHS.filter((path) => path !== '/'))(
    '%s renders a titled page inside the layout',
    async (path) => {
      const errors = vi.spyOn(console, 'error');
      renderApp(path, createTestContext(), i18n);
      const heading = await screen.findByRole('heading', { level: 1 });
      expect(heading.textContent).not.toBe('');
      expect(screen.getByRole('banner')).toBeTruthy();
      expect(errors).not.toHaveBeenCalled();
      errors.mockRestore();
    },
  );

  it('/ renders the Wall full-bleed under the chrome', async () => {
    const { container } = renderApp('/', createTestContext(), i18n);
    await screen.findByTestId('wall-page');
    expect(container.querySelector('.app__stage')).not.toBeNull();
    expect(container.querySelector('.app__page')).toBeNull();
  });

  it('unknown paths and /px tabs show the not-found page', async () => {
    renderApp('/no-such-page', createTestContext(), i18n);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Page not found');
    cleanup();
    renderApp('/px/moon', createTestContext(), i18n);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Page not found');
  });

  it('shows the dev sign-in form to guests when the server allows it', async () => {
    const context = createTestContext();
    void context.store.dispatch(bootSession());
    renderApp('/about', context, i18n);
    await waitFor(() => expect(screen.getByText('Dev sign-in (local only)')).toBeTruthy());
  });

  it('uses no translation key that English lacks', () => {
    expect([...new Set(missingKeys)]).toEqual([]);
  });
});
