import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../App.tsx';
import { createMemoryTokenStorage } from '../../api/tokens.ts';
import type { InvoiceOutcome, Platform } from '../../platform/types.ts';
import { createWebPlatform } from '../../platform/web.ts';
import type { AppContext } from '../../session.ts';
import { selectShopProduct, selectToasts } from '../../store/uiSlice.ts';
import { fetchMe } from '../../store/userSlice.ts';
import {
  createTestContext,
  createTestI18n,
  type FetchHandler,
  json,
  SIGNED_IN,
  user,
} from '../../test/harness.tsx';
import { PixanosRatingPopup } from './PixanosPopups.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

function telegram(openInvoice: (url: string) => Promise<InvoiceOutcome>): Platform {
  return { ...createWebPlatform(''), kind: 'telegram', openInvoice };
}

const EMPTY_RATING = { rating: [], total: 0 };

function setup(options: { platform?: Platform; fetch: FetchHandler; signedIn?: boolean }) {
  const context: AppContext = createTestContext({
    ...(options.platform ? { platform: options.platform } : {}),
    tokens: createMemoryTokenStorage(options.signedIn === false ? {} : SIGNED_IN),
    fetch: options.fetch,
  });
  if (options.signedIn !== false) context.store.dispatch(fetchMe.fulfilled(user(), 'test', undefined));
  const onClose = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/', element: <PixanosRatingPopup onClose={onClose} /> },
      { path: '/stars', element: <p>shop</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AppProviders context={context} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { context, router, onClose };
}

const toasts = (context: AppContext) => selectToasts(context.store.getState()).map((t) => [t.kind, t.text]);

describe('Pixanos rating: buying a Snap', () => {
  it("pays with Stars in the messenger and says 'Success!'", async () => {
    const bodies: unknown[] = [];
    const { context } = setup({
      platform: telegram(async () => 'paid'),
      fetch: (path, init) => {
        if (path.startsWith('/ratings/pixanos')) return json(200, EMPTY_RATING);
        if (path === '/buy/stars') {
          bodies.push(JSON.parse(String(init.body)));
          return json(200, { ok: true, result: 'https://t.me/$inv', orderId: 'o1' });
        }
        if (path === '/buy/list') return json(200, { products: [], goodsAvailable: { '13': 1 } });
        return undefined;
      },
    });
    fireEvent.click(await screen.findByTestId('pixanos-buy'));
    await waitFor(() => expect(toasts(context)).toEqual([['success', 'Success!']]));
    expect(bodies).toEqual([{ type: 13, qty: 1, pixanosColor: expect.stringMatching(/^#[0-9A-F]{6}$/) }]);
  });

  it.each<[string, FetchHandler, InvoiceOutcome]>([
    [
      'the invoice is not paid',
      () => json(200, { ok: true, result: 'https://t.me/$inv', orderId: 'o1' }),
      'cancelled',
    ],
    [
      'the server refuses',
      () => json(500, { error: { code: 'INTERNAL', message: 'x' }, requestId: 'r' }),
      'paid',
    ],
  ])("says 'Error, try again.' when %s", async (_case, buy, outcome) => {
    const { context } = setup({
      platform: telegram(async () => outcome),
      fetch: (path, init) => {
        if (path.startsWith('/ratings/pixanos')) return json(200, EMPTY_RATING);
        if (path === '/buy/stars') return buy(path, init);
        return undefined;
      },
    });
    fireEvent.click(await screen.findByTestId('pixanos-buy'));
    await waitFor(() => expect(toasts(context)).toEqual([['error', 'Error, try again.']]));
    expect((screen.getByTestId('pixanos-buy') as HTMLButtonElement).disabled).toBe(false);
  });

  it('outside the messenger opens the shop on the Snap instead', async () => {
    const { context, router, onClose } = setup({
      fetch: (path) => (path.startsWith('/ratings/pixanos') ? json(200, EMPTY_RATING) : undefined),
    });
    fireEvent.click(await screen.findByTestId('pixanos-buy'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/stars'));
    expect(selectShopProduct(context.store.getState())).toBe(13);
    expect(onClose).toHaveBeenCalled();
    expect(toasts(context)).toEqual([]);
  });

  it('is not offered to guests', async () => {
    setup({
      signedIn: false,
      fetch: (path) => (path.startsWith('/ratings/pixanos') ? json(200, EMPTY_RATING) : undefined),
    });
    await screen.findByText('Nobody has snapped yet.');
    expect(screen.queryByTestId('pixanos-buy')).toBeNull();
  });
});

describe('Pixanos rating: History (GET /history/all)', () => {
  const snap = (id: number, firstName: string) => ({
    id,
    user: { id: id + 100, firstName, userName: null, userPic: null },
    info: { seed: 7, percentage: 50, color: '#FF4500' },
    pixels: 1000,
    date: '2026-11-20T10:00:00.000Z',
  });

  it('lists the snaps, ten a page, with more on demand', async () => {
    const offsets: string[] = [];
    setup({
      fetch: (path) => {
        if (path.startsWith('/ratings/pixanos')) return json(200, EMPTY_RATING);
        if (path.startsWith('/history/all')) {
          const offset = new URL(path, 'http://x').searchParams.get('offset') ?? '';
          offsets.push(offset);
          const from = Number(offset);
          const n = from === 0 ? 10 : 2;
          return json(200, {
            list: Array.from({ length: n }, (_, i) => snap(from + i + 1, `Snapper ${from + i + 1}`)),
            total: 12,
          });
        }
        return undefined;
      },
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'History' }));
    expect(await screen.findAllByTestId('pixanos-history-row')).toHaveLength(10);
    expect(screen.getAllByTestId('pixanos-history-row')[0]!.textContent).toContain('50% of the Wall');
    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(screen.getAllByTestId('pixanos-history-row')).toHaveLength(12));
    expect(offsets).toEqual(['0', '10']);
    expect(screen.getByTestId('load-more').textContent).toBe("That's everyone");
  });

  it('says so when History is empty, and offers a retry when it fails', async () => {
    let fail = true;
    setup({
      fetch: (path) => {
        if (path.startsWith('/ratings/pixanos')) return json(200, EMPTY_RATING);
        if (path.startsWith('/history/all'))
          return fail
            ? json(500, { error: { code: 'INTERNAL', message: 'x' }, requestId: 'r' })
            : json(200, { list: [], total: 0 });
        return undefined;
      },
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'History' }));
    expect(await screen.findByText("Couldn't load History. Try again.")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No snaps in History yet.')).toBeTruthy();
  });
});
