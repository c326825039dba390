import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createTestI18n, json, renderApp, TEST_CONFIG } from '../../test/harness.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

const STATS = {
  price: 0.0734,
  market_cap: 17_983_000,
  volume: 1_254_300,
  supply: 245_000_000,
  updatedAt: '2025-01-01T00:00:00.000Z',
};
const UNAVAILABLE = {
  error: { code: 'UNAVAILABLE', message: 'PX market data is unavailable right now.' },
  requestId: 't',
};
const NOT_CONFIGURED = {
  error: {
    code: 'UNAVAILABLE',
    message: 'PX market data is not configured on this server.',
    details: { configured: false },
  },
  requestId: 't',
};

function tabLink(name: string) {
  return within(screen.getByRole('navigation', { name: 'PX token sections' })).getByRole('link', { name });
}

describe('/px tabs', () => {
  it('replace the history entry, so Back leaves /px in one step', async () => {
    // From a page that needs no canvas (the Wall's media queries have no jsdom counterpart).
    const { router } = renderApp('/about', createTestContext(), i18n);
    await act(() => router.navigate('/px/token'));
    fireEvent.click(tabLink('Roadmap'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/px/roadmap'));
    expect(router.state.historyAction).toBe('REPLACE');
    fireEvent.click(tabLink('Get PX'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/px/get'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
  });

  it('do nothing when the tab is already current', async () => {
    const { router } = renderApp('/px/burn', createTestContext(), i18n);
    await screen.findByRole('heading', { level: 2, name: 'Burn' });
    const before = router.state.location;
    let updates = 0;
    const off = router.subscribe(() => {
      updates += 1;
    });
    fireEvent.click(tabLink('Burn'));
    off();
    expect(updates).toBe(0);
    expect(router.state.location).toBe(before);
    expect(tabLink('Burn').getAttribute('aria-current')).toBe('page');
  });

  it('answer an unknown tab with the not-found page', async () => {
    renderApp('/px/moon', createTestContext(), i18n);
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'PX token sections' })).toBeNull();
  });
});

describe('/px/token', () => {
  it('shows price, market cap and volume from the server, and the TGE / NOW split', async () => {
    const context = createTestContext({
      fetch: (path) => (path === '/history/px/stats' ? json(200, STATS) : undefined),
    });
    renderApp('/px/token', context, i18n);
    expect((await screen.findByTestId('px-price')).textContent).toBe('$0.073');
    expect(screen.getByTestId('px-market-cap').textContent).toBe('$17.9M');
    expect(screen.getByTestId('px-volume').textContent).toBe('$1.2M');
    const rows = screen.getByTestId('tokenomics-rows');
    expect(rows.textContent).toContain('250M PX');
    expect(rows.textContent).toContain('80%');
    expect(rows.textContent).not.toContain('74.53%');
    fireEvent.click(screen.getByTestId('tokenomics-now'));
    expect(rows.textContent).toContain('245M PX');
    expect(rows.textContent).toContain('5M PX');
    expect(rows.textContent).toContain('74.53%');
    expect(rows.textContent).toContain('3.03%');
    expect(screen.getByTestId('tokenomics-now').getAttribute('aria-pressed')).toBe('true');
  });

  it('without a market-data provider shows the fixed figures and a plain note, not UNAVAILABLE', async () => {
    const context = createTestContext({
      fetch: (path) => (path === '/history/px/stats' ? json(503, NOT_CONFIGURED) : undefined),
    });
    renderApp('/px/token', context, i18n);
    const note = await screen.findByTestId('px-not-configured');
    expect(note.textContent).toContain('market-data provider');
    expect(screen.queryByTestId('px-unavailable')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByTestId('px-price')).toBeNull();
    // SPEC §9: supply at TGE and its split, what PX is for, where to follow it.
    const rows = screen.getByTestId('tokenomics-rows');
    expect(rows.textContent).toContain('250M PX');
    expect(rows.textContent).toContain('80%');
    expect(screen.getByRole('heading', { name: 'What PX is for' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'DEX Screener' })).toBeTruthy();
  });

  it('says the market data is unavailable instead of showing numbers', async () => {
    const context = createTestContext({
      fetch: (path) => (path === '/history/px/stats' ? json(503, UNAVAILABLE) : undefined),
    });
    renderApp('/px/token', context, i18n);
    expect((await screen.findByTestId('px-unavailable')).textContent).toContain('Unavailable');
    expect(screen.queryByTestId('px-price')).toBeNull();
    fireEvent.click(screen.getByTestId('tokenomics-now'));
    expect(screen.getByTestId('tokenomics-rows').textContent).toContain('—');
  });
});

describe('/px ledgers', () => {
  it('lists buyback transfers with amount, label, date and explorer link, and the total against 245M', async () => {
    const ledger = {
      kind: 'buyback',
      wallet: 'EQbuyback',
      walletUrl: 'https://tonviewer.com/EQbuyback',
      total: 4_765_000,
      items: [
        {
          amount: -300_000,
          date: '2025-03-02T10:00:00.000Z',
          url: 'https://tonviewer.com/transaction/b',
          name: '',
        },
        {
          amount: 4_765_000,
          date: '2025-03-01T10:00:00.000Z',
          url: 'https://tonviewer.com/transaction/a',
          name: 'Week 1',
        },
      ],
    };
    const context = createTestContext({
      fetch: (path) => (path === '/px/ledger/buyback' ? json(200, ledger) : undefined),
    });
    renderApp('/px/buyback', context, i18n);
    const total = await screen.findByTestId('ledger-total');
    expect(total.textContent).toContain('4,765,000 PX');
    expect(total.textContent).toContain('≈ 1.94% of 245M PX');
    const items = screen.getByTestId('ledger-items').querySelectorAll('li');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('-300,000 PX');
    expect(items[0]!.textContent).toContain('Sent');
    expect(items[1]!.textContent).toContain('+4,765,000 PX');
    expect(items[1]!.textContent).toContain('Week 1');
    expect(items[1]!.querySelector('a')!.getAttribute('href')).toBe('https://tonviewer.com/transaction/a');
    expect(screen.getByTestId('ledger-wallet').getAttribute('href')).toBe('https://tonviewer.com/EQbuyback');
  });

  it('states the amount committed to the buyback only when the server publishes one', async () => {
    const withAmount = createTestContext({
      fetch: (path) =>
        path === '/config'
          ? json(200, { ...TEST_CONFIG, pxBuybackCommittedUsd: 10_000_000 })
          : path.startsWith('/px/ledger/')
            ? json(503, NOT_CONFIGURED)
            : undefined,
    });
    renderApp('/px/buyback', withAmount, i18n);
    expect((await screen.findByTestId('buyback-committed')).textContent).toBe(
      ' More than $10M is committed to the buyback.',
    );
    cleanup();

    const without = createTestContext({
      fetch: (path) => (path.startsWith('/px/ledger/') ? json(503, NOT_CONFIGURED) : undefined),
    });
    renderApp('/px/buyback', without, i18n);
    expect(await screen.findByTestId('px-not-configured')).toBeTruthy();
    await waitFor(() => expect(without.store.getState().config.data).not.toBeNull());
    expect(screen.getByText(/We buy PX back from the market with game revenue\./)).toBeTruthy();
    expect(screen.queryByTestId('buyback-committed')).toBeNull();
    expect(document.body.textContent).not.toContain('$');
  });

  it('shows the statement and a plain note for a wallet the server has not configured', async () => {
    const context = createTestContext({
      fetch: (path) => (path === '/px/ledger/burn' ? json(503, NOT_CONFIGURED) : undefined),
    });
    renderApp('/px/burn', context, i18n);
    expect((await screen.findByTestId('px-not-configured')).textContent).toContain("wallet's address");
    expect(screen.getByText(/5M PX are taken out of circulation/)).toBeTruthy();
    expect(screen.queryByTestId('px-unavailable')).toBeNull();
  });

  it('shows the unavailable state when a wallet history cannot be read', async () => {
    const context = createTestContext({
      fetch: (path) => (path === '/px/ledger/fund' ? json(503, UNAVAILABLE) : undefined),
    });
    renderApp('/px/fund', context, i18n);
    expect(await screen.findByTestId('px-unavailable')).toBeTruthy();
    expect(screen.queryByTestId('ledger-total')).toBeNull();
  });
});

describe('/px/get and /px/roadmap', () => {
  it('links three exchanges and the contact address from the server', async () => {
    renderApp('/px/get', createTestContext(), i18n);
    expect((await screen.findByTestId('px-contact')).getAttribute('href')).toBe('mailto:team@example.test');
    expect(screen.getByTestId('px-exchanges').querySelectorAll('a')).toHaveLength(3);
  });

  it('lists 2025 by quarter with a note that details come later', async () => {
    renderApp('/px/roadmap', createTestContext(), i18n);
    const roadmap = await screen.findByTestId('roadmap-list');
    expect(
      within(roadmap)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Q1 2025', 'Q2 2025', 'Q3 2025', 'Q4 2025']);
    expect(screen.getByText('Details of each step come later, in our channel.')).toBeTruthy();
  });
});
