import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../App.tsx';
import { createMemoryTokenStorage } from '../../api/tokens.ts';
import { fetchMe } from '../../store/userSlice.ts';
import { createTestContext, createTestI18n, json, SIGNED_IN, user } from '../../test/harness.tsx';
import type { TonWalletConnector, WalletAccount } from './connector.ts';
import { MenuWallet } from './MenuWallet.tsx';
import { WalletProvider } from './WalletContext.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

const FRIENDLY = 'UQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq5mz';
const LIVE: WalletAccount = {
  address: `0:${'ab'.repeat(32)}`,
  chain: '-239',
  publicKey: null,
  walletStateInit: 'te6cc',
};

function connector(live: WalletAccount | null, log: string[]): TonWalletConnector {
  return {
    current: async () => live,
    injectedWallets: async () => [],
    connect: async (payload) => {
      log.push(`connect ${payload}`);
      return null;
    },
    send: async () => {},
    disconnect: async () => {
      log.push('disconnect');
    },
    subscribe: () => () => {},
  };
}

/** A server where `linked` is the player's wallet; PUT /users/wallet links `verified` only. */
async function renderEntry(
  wallet: TonWalletConnector,
  start: string | null,
  verified: string | null,
  log: string[],
) {
  let linked = start;
  const context = createTestContext({
    tokens: createMemoryTokenStorage(SIGNED_IN),
    fetch: (path, init) => {
      const method = init.method ?? 'GET';
      if (path === '/users/me') return json(200, user({ walletAddress: linked }));
      if (path === '/wallet' && method === 'DELETE') {
        log.push('DELETE /wallet');
        linked = null;
        return json(200, { success: true });
      }
      if (path.startsWith('/users/wallet/') && method === 'PUT') {
        const address = decodeURIComponent(path.slice('/users/wallet/'.length));
        log.push(`PUT ${address}`);
        if (address !== verified)
          return json(400, { error: { code: 'WALLET_NOT_VERIFIED', message: 'no' }, requestId: 'r' });
        linked = FRIENDLY;
        return json(200, { success: true, wallet_address: FRIENDLY });
      }
      if (path === '/wallet/ton-proof/generate-payload') return json(200, { payload: 'p1' });
      return undefined;
    },
  });
  await context.store.dispatch(fetchMe());
  render(
    <AppProviders context={context} i18n={i18n}>
      <WalletProvider connector={wallet}>
        <MenuWallet />
      </WalletProvider>
    </AppProviders>,
  );
  return context;
}

describe('MenuWallet', () => {
  it('shows the linked address shortened, and disconnect unlinks it and ends the session', async () => {
    const log: string[] = [];
    const context = await renderEntry(connector(LIVE, log), FRIENDLY, null, log);
    expect(screen.getByTestId('menu-wallet-address').textContent).toBe('UQCr…q5mz');
    await act(async () => fireEvent.click(screen.getByTestId('menu-wallet-disconnect')));
    expect(log).toEqual(['DELETE /wallet', 'disconnect']);
    expect(context.store.getState().user.data?.walletAddress).toBeNull();
    expect(screen.getByTestId('connect-wallet').textContent).toBe('Connect TON wallet');
  });

  it('links the wallet live in this browser again without a proof when the server knows it', async () => {
    const log: string[] = [];
    await renderEntry(connector(LIVE, log), null, LIVE.address, log);
    await act(async () => fireEvent.click(screen.getByTestId('connect-wallet')));
    expect(log).toEqual([`PUT ${LIVE.address}`]);
    expect(screen.getByTestId('menu-wallet-address').textContent).toBe('UQCr…q5mz');
  });

  it('asks for a proof when the live wallet is not verified, or none is live', async () => {
    const log: string[] = [];
    await renderEntry(connector(LIVE, log), null, null, log);
    await act(async () => fireEvent.click(screen.getByTestId('connect-wallet')));
    expect(log).toEqual([`PUT ${LIVE.address}`, 'connect p1']);
    cleanup();

    const none: string[] = [];
    await renderEntry(connector(null, none), null, null, none);
    await act(async () => fireEvent.click(screen.getByTestId('connect-wallet')));
    expect(none).toEqual(['connect p1']);
  });
});
