import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../App.tsx';
import { createMemoryTokenStorage } from '../../api/tokens.ts';
import { createTestContext, createTestI18n, json, SIGNED_IN, user } from '../../test/harness.tsx';
import { ConnectWalletButton } from './ConnectWalletButton.tsx';
import type { InjectedWallet, TonWalletConnector, WalletConnection } from './connector.ts';
import { WalletProvider } from './WalletContext.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

const RAW = `0:${'ab'.repeat(32)}`;
const TONKEEPER: InjectedWallet = { key: 'tonkeeper', name: 'Tonkeeper', imageUrl: '' };
const connection: WalletConnection = {
  account: { address: RAW, chain: '-239', publicKey: 'cd'.repeat(32), walletStateInit: 'te6cc' },
  proof: { timestamp: 1, domain: { lengthBytes: 9, value: 'pixel.app' }, payload: 'p1', signature: 'sig' },
};

function fakeConnector(injected: InjectedWallet[], log: string[]): TonWalletConnector {
  return {
    current: async () => null,
    injectedWallets: async () => injected,
    connect: async (payload, via) => {
      log.push(via ? `connect ${payload} via ${via.key}` : `connect ${payload}`);
      return connection;
    },
    send: async () => {},
    disconnect: async () => {},
    subscribe: () => () => {},
  };
}

function renderButton(connector: TonWalletConnector, proofs: unknown[]) {
  const context = createTestContext({
    tokens: createMemoryTokenStorage(SIGNED_IN),
    fetch: (path, init) => {
      if (path === '/wallet/ton-proof/generate-payload') return json(200, { payload: 'p1' });
      if (path === '/wallet/ton-proof/check-proof') {
        proofs.push(JSON.parse(String(init.body)));
        return json(200, { success: true });
      }
      if (path === '/users/me') return json(200, user({ walletAddress: RAW }));
      return undefined;
    },
  });
  render(
    <AppProviders context={context} i18n={i18n}>
      <WalletProvider connector={connector}>
        <ConnectWalletButton />
      </WalletProvider>
    </AppProviders>,
  );
  return context;
}

describe('ConnectWalletButton', () => {
  it('offers the wallet injected into the page and connects through it with a proof', async () => {
    const log: string[] = [];
    const proofs: unknown[] = [];
    const context = renderButton(fakeConnector([TONKEEPER], log), proofs);
    await act(async () => fireEvent.click(screen.getByTestId('connect-wallet')));
    expect(log).toEqual([]);
    expect(screen.getByTestId('wallet-option-tonkeeper').textContent).toBe('Tonkeeper');
    await act(async () => fireEvent.click(screen.getByTestId('wallet-option-tonkeeper')));
    expect(log).toEqual(['connect p1 via tonkeeper']);
    expect(proofs).toHaveLength(1);
    expect(context.store.getState().user.data?.walletAddress).toBe(RAW);
    expect(screen.getByTestId('connect-wallet')).toBeTruthy();
  });

  it('opens the wallet list for any other wallet', async () => {
    const log: string[] = [];
    renderButton(fakeConnector([TONKEEPER], log), []);
    await act(async () => fireEvent.click(screen.getByTestId('connect-wallet')));
    await act(async () => fireEvent.click(screen.getByTestId('wallet-option-list')));
    expect(log).toEqual(['connect p1']);
  });

  it('goes straight to the wallet list when no wallet is injected', async () => {
    const log: string[] = [];
    renderButton(fakeConnector([], log), []);
    await act(async () => fireEvent.click(screen.getByTestId('connect-wallet')));
    expect(log).toEqual(['connect p1']);
    expect(screen.queryByTestId('wallet-choice')).toBeNull();
  });
});
