import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n, renderApp } from '../../test/harness.tsx';
import { playerContext } from '../../test/heldFetch.tsx';

vi.mock('../../pages/WallPage.tsx', () => ({ WallPage: () => <div>wall</div> }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
});

const LOCKED_TEXT = '10k frens were not invited until December 20th';
const REVSHARE = {
  list: [
    { currencyId: 1, totalPurchases: 1234, totalSpend: '98765' },
    { currencyId: 2, totalPurchases: 2, totalSpend: '1234.56789' },
  ],
  friends: 12_345,
  balance_share_percent: 10,
};

/** The app on /invite-frens for a player with `friends` frens. */
function openInvite(friends: number) {
  const { context, net } = playerContext({ player: { friends, balance_share_percent: 10 } });
  renderApp('/invite-frens', context, i18n);
  return { context, net };
}

async function answerRevshare(net: ReturnType<typeof openInvite>['net'], status: number, body: unknown) {
  await vi.waitFor(() => expect(net.to('/users/me/revshare')).toHaveLength(1));
  await act(async () => net.to('/users/me/revshare')[0]!.respond(status, body));
}

describe('revenue share on /invite-frens', () => {
  it('is locked below 10,000 frens: the code-20 text and the count, without asking the server', async () => {
    const { net } = openInvite(9_999);
    const block = await screen.findByTestId('revshare-locked');
    expect(block.textContent).toContain(LOCKED_TEXT);
    expect(within(block).getByTestId('revshare-frens').textContent).toBe('9,999 / 10,000');
    expect(net.all.some((call) => call.path === '/users/me/revshare')).toBe(false);
    expect(screen.queryByTestId('balance-share')).toBeNull();
  });

  it('from 10,000 frens loads the rows: currency, purchases and spend in the language', async () => {
    const { net } = openInvite(12_345);
    const block = await screen.findByTestId('revshare');
    expect(within(block).getByRole('status').getAttribute('aria-busy')).toBe('true');
    await answerRevshare(net, 200, REVSHARE);
    const rows = screen.getAllByTestId('revshare-row');
    // The currency's name (its mark aside), purchases, spend.
    const cells = (row: HTMLElement) =>
      [...row.children].map((cell) => (cell.querySelector('.pixel-text') ?? cell).textContent);
    expect(rows.map(cells)).toEqual([
      ['Stars', '1,234', '98,765'],
      ['TON', '2', '1,234.56789'],
    ]);
    expect(rows[1]!.querySelector('.revshare__mark')?.textContent).toBe('T');
    expect(screen.getByTestId('balance-share-value').textContent).toBe('10%');
  });

  it('says when the frens have bought nothing yet', async () => {
    const { net } = openInvite(10_000);
    await answerRevshare(net, 200, { ...REVSHARE, list: [] });
    expect(await screen.findByText("Your frens haven't bought anything yet.")).toBeTruthy();
    expect(screen.queryByTestId('revshare-table')).toBeNull();
  });

  it('shows the locked state when the server refuses with 403 REVSHARE_LOCKED', async () => {
    const { net } = openInvite(10_000);
    await answerRevshare(net, 403, {
      error: { code: 'REVSHARE_LOCKED', message: LOCKED_TEXT, details: { numericCode: 20 } },
      requestId: 'r1',
    });
    expect((await screen.findByTestId('revshare-locked')).textContent).toContain(LOCKED_TEXT);
  });

  it('offers a retry when loading fails', async () => {
    const { net } = openInvite(10_000);
    await answerRevshare(net, 500, { error: { code: 'INTERNAL', message: 'x' }, requestId: 'r1' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't load your revenue share. Try again.");
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(net.to('/users/me/revshare')).toHaveLength(2));
    await act(async () => net.to('/users/me/revshare')[1]!.respond(200, REVSHARE));
    expect(screen.getAllByTestId('revshare-row')).toHaveLength(2);
  });

  it('saves the balance share once, disabled while pending, and keeps the choice after a failure', async () => {
    const { context, net } = openInvite(10_000);
    await answerRevshare(net, 200, REVSHARE);
    const slider = screen.getByRole('slider', { name: /Balance share/ }) as HTMLInputElement;
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true); // nothing changed yet
    fireEvent.change(slider, { target: { value: '35' } });
    expect(screen.getByTestId('balance-share-value').textContent).toBe('35%');
    fireEvent.click(save);
    fireEvent.submit(screen.getByTestId('balance-share'));

    // Pending: one request, the controls disabled.
    await vi.waitFor(() => expect(net.to('/users/balance/share')).toHaveLength(1));
    expect(JSON.parse(String(net.to('/users/balance/share')[0]!.init.body))).toEqual({
      balance_share_percent: 35,
    });
    expect(slider.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Saving…' }) as HTMLButtonElement).disabled).toBe(true);

    // A failure: the reason shown, the choice kept, Save offered again.
    await act(async () =>
      net.to('/users/balance/share')[0]!.respond(500, {
        error: { code: 'INTERNAL', message: 'x' },
        requestId: 'r2',
      }),
    );
    expect(screen.getByTestId('balance-share-error').textContent).toBe(
      'Something went wrong. Try again later.',
    );
    expect(slider.disabled).toBe(false);
    expect(slider.value).toBe('35');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);

    // Again, and the server takes it.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(net.to('/users/balance/share')).toHaveLength(2));
    await act(async () =>
      net.to('/users/balance/share')[1]!.respond(200, { success: true, balance_share_percent: 35 }),
    );
    expect(screen.getByTestId('balance-share-saved').textContent).toBe('Saved: 35%');
    expect(screen.queryByTestId('balance-share-error')).toBeNull();
    expect(context.store.getState().user.data?.balance_share_percent).toBe(35);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);

    // Moving on from the saved value: no stale "Saved", Save offered again.
    fireEvent.change(slider, { target: { value: '36' } });
    expect(screen.queryByTestId('balance-share-saved')).toBeNull();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
