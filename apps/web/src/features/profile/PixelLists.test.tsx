import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n, json, renderApp } from '../../test/harness.tsx';
import { playerContext } from '../../test/heldFetch.tsx';
import { wallPathOf } from './PixelLists.tsx';

vi.mock('../../pages/WallPage.tsx', () => ({ WallPage: () => <div>wall</div> }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => cleanup());

const goods = (path: string) =>
  path === '/buy/list' ? json(200, { products: [], goodsAvailable: {} }) : undefined;

/** Pixel (x, y) as the server lists it; the centre of the wall is dearest (8 PX), the edge 1 PX. */
const mine = (x: number, y: number) => ({
  id: x + y * 1024 + 1,
  x,
  y,
  color: '#FF4500',
  dateObtained: '2025-03-01T10:00:00.000Z',
});
const sold = (x: number, y: number) => ({
  id: x + y * 1024 + 1,
  x,
  y,
  color: '#2450A4',
  dateSold: '2025-03-02T11:00:00.000Z',
  repaintedBy: 99,
});

function inventory(quick = goods) {
  const { context, net } = playerContext({ quick });
  const app = renderApp('/my-profile?tab=inventory', context, i18n);
  return { context, net, ...app };
}

describe('the inventory pixel lists', () => {
  it('shows placeholders, then the counts, the pixels for sale with their total price, and sold ones', async () => {
    const { net } = inventory();
    const forSale = await screen.findByTestId('my-pixels');
    expect(within(forSale).getByTestId('skeleton-rows')).toBeTruthy();
    const stats = screen.getByTestId('pixel-stats');
    expect(stats.querySelector('[data-stat=owned] dd')?.textContent).toBe('—');

    await act(async () => net.to('/users/mypixels/count')[0]!.respond(200, { myPixelsCount: 12 }));
    const page = net.to('/users/mypixels')[0]!;
    expect(Object.fromEntries(page.query)).toEqual({ offset: '0', limit: '10' });
    const pixels = [mine(512, 512), ...Array.from({ length: 9 }, (_, i) => mine(i, 0))];
    await act(async () => page.respond(200, { pixels, total: 12, totalPrice: 19 }));

    expect(stats.querySelector('[data-stat=owned] dd')?.textContent).toBe('12');
    expect(stats.querySelector('[data-stat=worth] dd')?.textContent).toBe('19 PX');
    expect(within(forSale).getByTestId('my-pixels-count').textContent).toBe('12');
    expect(within(forSale).getByTestId('my-pixels-total').textContent).toBe('12 in all · worth 19 PX');
    const rows = within(forSale).getAllByTestId('my-pixel');
    expect(rows).toHaveLength(10);
    expect(rows[0]!.textContent).toContain('x 512 · y 512');
    expect(rows[0]!.textContent).toContain('8 PX');
    expect(rows[1]!.textContent).toContain('1 PX');
    const link = within(rows[0]!).getByRole('link', { name: 'Show x 512, y 512 on the Wall' });
    expect(link.getAttribute('href')).toBe('/?startapp=x512_y512');

    // Ten a page: the next one from offset 10, then the list reads as exhausted.
    fireEvent.click(within(forSale).getByTestId('load-more'));
    const next = net.to('/users/mypixels')[1]!;
    expect(next.query.get('offset')).toBe('10');
    await act(async () =>
      next.respond(200, { pixels: [mine(20, 0), mine(21, 0)], total: 12, totalPrice: 19 }),
    );
    expect(within(forSale).getAllByTestId('my-pixel')).toHaveLength(12);
    expect((within(forSale).getByTestId('load-more') as HTMLButtonElement).disabled).toBe(true);
    expect(within(forSale).getByTestId('load-more').textContent).toBe('All of them are here');

    // Sold: its own list, count and worth.
    const soldList = screen.getByTestId('sold-pixels');
    const soldPage = net.to('/users/mypixels/sold')[0]!;
    expect(Object.fromEntries(soldPage.query)).toEqual({ offset: '0', limit: '10' });
    await act(async () => soldPage.respond(200, { pixels: [sold(1, 1)], total: 1, totalPrice: 1 }));
    expect(within(soldList).getByTestId('sold-pixels-count').textContent).toBe('1');
    expect(within(soldList).getByTestId('sold-pixel').textContent).toMatch(/Painted over .*2025/);
    expect(stats.querySelector('[data-stat=sold] dd')?.textContent).toBe('1');
    expect(stats.querySelector('[data-stat=soldWorth] dd')?.textContent).toBe('1 PX');
  });

  it('says when a list is empty, and offers a retry when it failed', async () => {
    const { net } = inventory();
    await screen.findByTestId('sold-pixels');
    await act(async () =>
      net.to('/users/mypixels')[0]!.respond(200, { pixels: [], total: 0, totalPrice: 0 }),
    );
    expect(within(screen.getByTestId('my-pixels')).getByText(/You don't own any pixels/)).toBeTruthy();
    expect(screen.queryByTestId('my-pixels-total')).toBeNull();

    await act(async () => net.to('/users/mypixels/sold')[0]!.respond(500, { error: { code: 'INTERNAL' } }));
    const soldList = screen.getByTestId('sold-pixels');
    expect(within(soldList).getByRole('alert').textContent).toContain("Couldn't load your sold pixels");
    fireEvent.click(within(soldList).getByRole('button', { name: 'Try again' }));
    const again = net.to('/users/mypixels/sold')[1]!;
    expect(again.query.get('offset')).toBe('0');
    await act(async () => again.respond(200, { pixels: [], total: 0, totalPrice: 0 }));
    expect(within(soldList).getByText('No one has painted over your pixels yet.')).toBeTruthy();

    // The count failed: a dash, not a wrong number.
    await act(async () => net.to('/users/mypixels/count')[0]!.respond(500, { error: { code: 'INTERNAL' } }));
    expect(screen.getByTestId('pixel-stats').querySelector('[data-stat=owned] dd')?.textContent).toBe('—');
  });

  it('opens a pixel on the Wall, selected and centred', async () => {
    const { net, router, context } = inventory();
    await screen.findByTestId('my-pixels');
    await act(async () =>
      net.to('/users/mypixels')[0]!.respond(200, { pixels: [mine(7, 9)], total: 1, totalPrice: 1 }),
    );
    fireEvent.click(screen.getByRole('link', { name: 'Show x 7, y 9 on the Wall' }));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?startapp=x7_y9');
    expect(context.store.getState().ui.wallView).toEqual({
      camera: { x: 7.5, y: 9.5, scale: 24 },
      selected: { x: 7, y: 9 },
    });
    expect(await screen.findByText('wall')).toBeTruthy();
  });

  it('builds the Wall address of a pixel as a pixel link does on this site', () => {
    expect(wallPathOf(0, 0)).toBe('/?startapp=x0_y0');
    expect(wallPathOf(1023, 5)).toBe('/?startapp=x1023_y5');
  });
});
