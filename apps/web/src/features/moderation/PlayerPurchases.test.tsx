import type { StarsPayment } from '@pixel-wall/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../App.tsx';
import { createTestI18n } from '../../test/harness.tsx';
import { playerContext } from '../../test/heldFetch.tsx';
import { PlayerPurchases } from './PlayerPurchases.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => cleanup());

const payment = (over: Partial<StarsPayment> = {}): StarsPayment => ({
  chargeId: 'stx1',
  orderId: 'o1',
  productId: 2,
  quantity: 3,
  stars: 48,
  outcome: 'fulfilled',
  createdAt: '2026-11-20T10:00:00.000Z',
  refund: null,
  ...over,
});
const refunded = (over: Partial<StarsPayment> = {}) =>
  payment({
    refund: {
      source: 'admin',
      actorId: 1,
      takenBack: { '2': 2 },
      alreadyUsed: { '2': 1 },
      createdAt: '2026-11-21T10:00:00.000Z',
    },
    ...over,
  });

function setup(isAdmin: boolean) {
  const { context, net } = playerContext({ player: { id: 1, isAdmin } });
  render(
    <AppProviders context={context} i18n={i18n}>
      <PlayerPurchases userId={7} />
    </AppProviders>,
  );
  const toasts = () => context.store.getState().ui.toasts.map((toast) => toast.text);
  return { net, toasts };
}

describe('a player’s purchases with a Refund button, for admins', () => {
  it('are not there for players, nor for moderators', async () => {
    setup(false);
    expect(screen.queryByTestId('player-purchases')).toBeNull();
    cleanup();
    const mod = setup(false);
    await act(async () => mod.net.to('/admin/me')[0]!.respond(200, { role: 'moderator' }));
    expect(screen.queryByTestId('player-purchases')).toBeNull();
    expect(mod.net.all.some((c) => c.path.endsWith('/payments'))).toBe(false);
  });

  it('list the purchases and refund one once, then show it refunded', async () => {
    const { net, toasts } = setup(true);
    await act(async () => net.to('/admin/me')[0]!.respond(200, { role: 'admin' }));
    await act(async () =>
      net.to('/admin/players/7/payments')[0]!.respond(200, {
        list: [payment(), refunded({ chargeId: 'stx0', productId: 1, quantity: 1, stars: 10 })],
      }),
    );
    const rows = screen.getAllByTestId('player-purchase');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Dynamite ×3');
    expect(rows[0]!.textContent).toContain('48');
    expect(rows[1]!.textContent).toContain('Refunded');
    expect(rows[1]!.textContent).toContain('already used: 1');

    const buttons = screen.getAllByRole('button', { name: 'Refund' });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]!);
    fireEvent.click(buttons[0]!); // a second tap while pending is ignored
    const calls = net.to('/admin/payments/stx1/refund');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.method).toBe('POST');
    await act(async () => calls[0]!.respond(200, { payment: refunded(), alreadyRefunded: false }));
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(screen.getAllByTestId('player-purchase')[0]!.textContent).toContain('Refunded');
    expect(toasts()).toContain('Refunded!');
  });

  it('say so when the refund fails, and keep the button', async () => {
    const { net, toasts } = setup(true);
    await act(async () => net.to('/admin/me')[0]!.respond(200, { role: 'admin' }));
    await act(async () => net.to('/admin/players/7/payments')[0]!.respond(200, { list: [payment()] }));
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await act(async () =>
      net.to('/admin/payments/stx1/refund')[0]!.respond(503, {
        error: { code: 'UNAVAILABLE', message: 'Telegram could not be reached.' },
        requestId: 'r',
      }),
    );
    expect(toasts()).toContain('Something went wrong...');
    expect(screen.getByRole('button', { name: 'Refund' })).toBeTruthy();
  });

  it('show an empty list and a load failure', async () => {
    const a = setup(true);
    await act(async () => a.net.to('/admin/me')[0]!.respond(200, { role: 'admin' }));
    await act(async () => a.net.to('/admin/players/7/payments')[0]!.respond(200, { list: [] }));
    expect(screen.getByText('No Stars purchases yet.')).toBeTruthy();
    cleanup();
    const b = setup(true);
    await act(async () => b.net.to('/admin/me')[0]!.respond(200, { role: 'admin' }));
    await act(async () =>
      b.net
        .to('/admin/players/7/payments')[0]!
        .respond(500, { error: { code: 'INTERNAL', message: 'x' }, requestId: 'r' }),
    );
    expect(screen.getByText('Could not load the purchases.')).toBeTruthy();
  });
});
