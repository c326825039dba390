import { act, cleanup, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../App.tsx';
import { createMemoryTokenStorage } from '../../api/tokens.ts';
import { fetchMe } from '../../store/userSlice.ts';
import { createTestContext, createTestI18n, json, SIGNED_IN, user } from '../../test/harness.tsx';
import { TokenRewards } from './TokenRewards.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

const reward = (id: number, status: 'pending' | 'success' | null, hash: string | null = null) => ({
  id,
  type: 'token',
  token: 'PX',
  amount: '3',
  currency_id: 10,
  good_id: null,
  status,
  is_claimed: status !== null,
  hash,
  name: 'Pixel reward',
  description: '',
  image_url: null,
  reward_user: id,
  created_at: '2026-01-01T00:00:00.000Z',
});

async function renderList(
  list: unknown[],
  payouts: { enabled: boolean; wallet: string | null } | null,
  wallet: string | null,
) {
  const context = createTestContext({
    tokens: createMemoryTokenStorage(SIGNED_IN),
    fetch: (path) => {
      if (path === '/users/me') return json(200, user({ walletAddress: wallet }));
      if (path === '/rewards/tokens/42') return json(200, { list, total: list.length });
      if (path === '/rewards/payouts' && payouts) return json(200, payouts);
      return undefined;
    },
  });
  await context.store.dispatch(fetchMe());
  await act(async () => {
    render(
      <AppProviders context={context} i18n={i18n}>
        <TokenRewards />
      </AppProviders>,
    );
  });
}

describe('token rewards', () => {
  it('say plainly when payouts are paused: claims wait', async () => {
    await renderList([reward(1, 'pending'), reward(2, null)], { enabled: false, wallet: null }, 'UQabc');
    const note = await screen.findByTestId('payout-note');
    expect(note.textContent).toMatch(/Payouts are paused/);
    expect(screen.getByText('Waiting')).toBeTruthy();
  });

  it('a server without the payout route counts as paused', async () => {
    await renderList([reward(1, 'pending')], null, 'UQabc');
    expect((await screen.findByTestId('payout-note')).getAttribute('data-paused')).toBe('true');
  });

  it('with payouts on: asks for a wallet when none is connected, links a sent one to the explorer', async () => {
    const hash = 'ab'.repeat(32);
    await renderList([reward(1, null), reward(2, 'success', hash)], { enabled: true, wallet: 'UQpay' }, null);
    expect((await screen.findByTestId('payout-note')).textContent).toBe(
      'Connect a TON wallet to receive the tokens you claim.',
    );
    const link = screen.getByRole('link', { name: 'View transaction' }) as HTMLAnchorElement;
    expect(link.href).toBe(`https://tonviewer.com/transaction/${hash}`);
  });

  it('with payouts on and a wallet: says where claims go; nothing to say once all are sent', async () => {
    await renderList([reward(1, 'pending')], { enabled: true, wallet: 'UQpay' }, 'UQabc');
    expect((await screen.findByTestId('payout-note')).textContent).toMatch(/connected TON wallet/);
    expect(screen.getByText('Pending…')).toBeTruthy();
    cleanup();
    await renderList([reward(2, 'success', 'cd'.repeat(32))], { enabled: true, wallet: 'UQpay' }, 'UQabc');
    await screen.findByRole('link', { name: 'View transaction' });
    expect(screen.queryByTestId('payout-note')).toBeNull();
  });
});
