import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ComponentType } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppLayout } from './layout/AppLayout.tsx';
import { PageOutlet } from './layout/PageOutlet.tsx';
import { PageErrorPage, PageLoadError } from './pages/RouteErrorPage.tsx';
import { APP_PATHS, lazyPage, routeReady, routes } from './routes.tsx';
import { bootSession } from './session.ts';
import { createTestContext, createTestI18n, renderApp, renderWithRouter } from './test/harness.tsx';

vi.mock('./pages/WallPage.tsx', () => ({ WallPage: () => <div data-testid="wall-page">wall</div> }));

const missingKeys: string[] = [];
let i18n: I18n;

beforeAll(async () => {
  i18n = await createTestI18n(missingKeys);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A page whose code arrives when the test says so. */
function pendingPage(): {
  route: ReturnType<typeof lazyPage>;
  arrive: (page: ComponentType) => void;
  fail: (error: Error) => void;
} {
  let arrive: (page: ComponentType) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const code = new Promise<ComponentType>((resolve, reject) => {
    arrive = resolve;
    fail = reject;
  });
  return { route: lazyPage(() => code), arrive, fail };
}

/** The app's layout around `pages`, as in `routes`. */
function layoutAround(pages: RouteObject[]): RouteObject[] {
  return [
    {
      path: '/',
      element: <AppLayout />,
      children: [{ element: <PageOutlet />, errorElement: <PageErrorPage />, children: pages }],
    },
  ];
}

function Heading({ text }: { text: string }) {
  return <h1>{text}</h1>;
}

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

  it('load the first page before the first render', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/rules'] });
    expect(router.state.initialized).toBe(false);
    await routeReady(router);
    renderWithRouter(router, createTestContext(), i18n);
    expect(screen.getByRole('heading', { level: 1 }).textContent).not.toBe('');
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it('keep the current page and run the loading bar while the next page downloads', async () => {
    const next = pendingPage();
    const router = createMemoryRouter(
      layoutAround([
        { index: true, element: <Heading text="first" /> },
        { path: 'next', ...next.route },
      ]),
    );
    renderWithRouter(router, createTestContext(), i18n);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('first');
    expect(screen.queryByRole('progressbar')).toBeNull();

    act(() => {
      void router.navigate('/next');
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('first');
    expect(await screen.findByRole('progressbar')).toBeTruthy();

    next.arrive(() => <Heading text="next" />);
    expect((await screen.findByRole('heading', { level: 1, name: 'next' })).textContent).toBe('next');
    await waitFor(() => expect(screen.queryByText('Loading…')).toBeNull());
  });

  it('offer a reload when a page fails to download, inside the layout', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const broken = pendingPage();
    broken.fail(new TypeError('Failed to fetch dynamically imported module'));
    const router = createMemoryRouter(layoutAround([{ index: true, ...broken.route }]));
    await routeReady(router);
    renderWithRouter(router, createTestContext(), i18n);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Something went wrong');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(errors).toHaveBeenCalledWith('Route failed to render', expect.any(PageLoadError));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledOnce();
    errors.mockRestore();
  });

  it('offer no reload when a page fails to render', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter(
      layoutAround([
        {
          index: true,
          Component: () => {
            throw new Error('broken page');
          },
        },
      ]),
    );
    renderWithRouter(router, createTestContext(), i18n);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Something went wrong');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    errors.mockRestore();
  });

  it('uses no translation key that English lacks', () => {
    expect([...new Set(missingKeys)]).toEqual([]);
  });
});
