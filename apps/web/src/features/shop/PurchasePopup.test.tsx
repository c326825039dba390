import { PRODUCTS, priceList, type ShopProduct } from '@pixel-wall/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { StrictMode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../App.tsx';
import { createMemoryTokenStorage } from '../../api/tokens.ts';
import type { InvoiceOutcome, Platform } from '../../platform/types.ts';
import { createWebPlatform } from '../../platform/web.ts';
import { fetchMe } from '../../store/userSlice.ts';
import { createTestContext, createTestI18n, json, SIGNED_IN, user } from '../../test/harness.tsx';
import type { TonWalletConnector, WalletAccount, WalletTransaction } from '../wallet/connector.ts';
import { WalletProvider } from '../wallet/WalletContext.tsx';
import { offeredCurrencies } from './catalogue.ts';
import { PurchasePopup } from './PurchasePopup.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

const products: ShopProduct[] = PRODUCTS.map((p) => ({
  id: p.id,
  name: p.name,
  description: p.description,
  image_url: '',
  prices: priceList(p.id),
  isOnePiece: p.isOnePiece,
  permanent: p.permanent,
  limited: p.limited,
  limitedEnd: null,
}));
const dynamite = products.find((p) => p.id === 2)!;

const RAW = `0:${'ab'.repeat(32)}`;
const FRIENDLY_SAME = 'UQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq5jh';
/** The TON Connect message the server answers with (the memo "PW-1" as a comment). */
const MESSAGE = {
  address: FRIENDLY_SAME,
  amount: '40000000',
  payload: 'te6cckEBAQEACgAAEAAAAABQVy0xNe1TQw==',
};

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function telegramPlatform(openInvoice: (url: string) => Promise<InvoiceOutcome>): Platform {
  return { ...createWebPlatform(''), kind: 'telegram', openInvoice };
}

function fakeConnector(account: WalletAccount | null, sent: WalletTransaction[]): TonWalletConnector {
  return {
    current: async () => account,
    injectedWallets: async () => [],
    connect: async () => null,
    send: async (tx) => {
      sent.push(tx);
    },
    disconnect: async () => {},
    subscribe: () => () => {},
  };
}

describe('purchase popup', () => {
  it('settles under StrictMode too (its effects mount, unmount and mount again)', async () => {
    const invoice = deferred<InvoiceOutcome>();
    const context = createTestContext({
      platform: telegramPlatform(() => invoice.promise),
      tokens: createMemoryTokenStorage(SIGNED_IN),
      fetch: (path) => {
        if (path === '/buy/stars') return json(200, { ok: true, result: 'https://t.me/$inv', orderId: 'o1' });
        if (path === '/buy/list') return json(200, { products, goodsAvailable: {} });
        return undefined;
      },
    });
    render(
      <StrictMode>
        <AppProviders context={context} i18n={i18n}>
          <PurchasePopup
            product={dynamite}
            currencies={offeredCurrencies('telegram', products)}
            initialCurrency={1}
            initialColor="#FFFFFF"
            onClose={() => {}}
          />
        </AppProviders>
      </StrictMode>,
    );
    await act(async () => fireEvent.click(screen.getByTestId('buy-button')));
    await act(async () => invoice.resolve('paid'));
    expect(screen.getByTestId('purchase-success').textContent).toBe('You bought it!');
  });

  it('buys with Stars through the invoice, ignores presses while pending, then closes on the next press', async () => {
    const invoice = deferred<InvoiceOutcome>();
    const posts: unknown[] = [];
    const platform = telegramPlatform(() => invoice.promise);
    const context = createTestContext({
      platform,
      tokens: createMemoryTokenStorage(SIGNED_IN),
      fetch: (path, init) => {
        if (path === '/buy/stars') {
          posts.push(JSON.parse(String(init.body)));
          return json(200, { ok: true, result: 'https://t.me/$inv', orderId: 'o1' });
        }
        if (path === '/buy/list') return json(200, { products, goodsAvailable: {} });
        return undefined;
      },
    });
    const onClose = vi.fn();
    render(
      <AppProviders context={context} i18n={i18n}>
        <PurchasePopup
          product={dynamite}
          currencies={offeredCurrencies('telegram', products)}
          initialCurrency={1}
          initialColor="#FFFFFF"
          onClose={onClose}
        />
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByTestId('purchase-total').textContent).toContain('32 Stars');
    const buy = screen.getByTestId('buy-button');
    await act(async () => {
      fireEvent.click(buy);
      fireEvent.click(buy);
      fireEvent.click(buy);
    });
    expect(posts).toEqual([{ type: 2, qty: 2 }]);
    expect(buy.getAttribute('aria-busy')).toBe('true');
    await act(async () => invoice.resolve('paid'));
    expect(screen.getByTestId('purchase-success').textContent).toBe('You bought it!');
    expect(screen.getByTestId('particles')).toBeTruthy();
    expect(buy.textContent).toBe('Great!');
    fireEvent.click(buy);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says "Error, try again." when the invoice is cancelled', async () => {
    const context = createTestContext({
      platform: telegramPlatform(async () => 'cancelled'),
      tokens: createMemoryTokenStorage(SIGNED_IN),
      fetch: (path) =>
        path === '/buy/stars'
          ? json(200, { ok: true, result: 'https://t.me/$inv', orderId: 'o1' })
          : undefined,
    });
    render(
      <AppProviders context={context} i18n={i18n}>
        <PurchasePopup
          product={dynamite}
          currencies={offeredCurrencies('telegram', products)}
          initialCurrency={1}
          initialColor="#FFFFFF"
          onClose={() => {}}
        />
      </AppProviders>,
    );
    await act(async () => fireEvent.click(screen.getByTestId('buy-button')));
    expect(screen.getByTestId('purchase-error').textContent).toContain('Error, try again.');
  });

  it('shows Not available for a currency without a price', () => {
    const context = createTestContext({ tokens: createMemoryTokenStorage(SIGNED_IN) });
    render(
      <AppProviders context={context} i18n={i18n}>
        <WalletProvider connector={fakeConnector(null, [])}>
          <PurchasePopup
            product={products.find((p) => p.id === 7)!}
            currencies={offeredCurrencies('web', products)}
            initialCurrency={10}
            initialColor="#FFFFFF"
            onClose={() => {}}
          />
        </WalletProvider>
      </AppProviders>,
    );
    expect(screen.getByTestId('purchase-total').textContent).toContain('Not available');
    // No way to buy it in PX: neither a buy button nor a wallet to connect for it.
    expect(screen.queryByTestId('buy-button')).toBeNull();
    expect(screen.queryByRole('button', { name: /Connect/ })).toBeNull();
    expect(screen.getByTestId('purchase-unavailable').textContent).toContain("can't be bought with PX");
    // The way on is a currency that has a price: switching to it offers the wallet again.
    fireEvent.click(screen.getByRole('button', { name: 'Pay with TON' }));
    expect(screen.queryByTestId('purchase-unavailable')).toBeNull();
    expect(screen.getByTestId('purchase-total').textContent).not.toContain('Not available');
  });

  it('asks for a wallet, then sends the message the server prepared as it is', async () => {
    const sent: WalletTransaction[] = [];
    const started: unknown[] = [];
    const context = createTestContext({
      tokens: createMemoryTokenStorage(SIGNED_IN),
      fetch: (path, init) => {
        if (path === '/users/me') return json(200, user({ walletAddress: FRIENDLY_SAME }));
        if (path === '/transactions/start') {
          started.push(JSON.parse(String(init.body)));
          return json(200, {
            txMemCode: 'PW-1',
            strAmount: '40000000',
            amount: '0.04',
            currencyId: 2,
            payTo: FRIENDLY_SAME,
            jettonMaster: null,
            validUntil: 1_900_000_000,
            message: MESSAGE,
          });
        }
        return undefined;
      },
    });
    await context.store.dispatch(fetchMe());
    const account = { address: RAW, chain: '-239', publicKey: null, walletStateInit: 'te6' };
    render(
      <AppProviders context={context} i18n={i18n}>
        <WalletProvider connector={fakeConnector(account, sent)}>
          <PurchasePopup
            product={dynamite}
            currencies={offeredCurrencies('web', products)}
            initialCurrency={2}
            initialColor="#FFFFFF"
            onClose={() => {}}
          />
        </WalletProvider>
      </AppProviders>,
    );
    const buy = await screen.findByTestId('buy-button');
    await act(async () => fireEvent.click(buy));
    expect(started).toEqual([{ buyerWallet: RAW, goodId: 2, currencyId: 2, quantity: 1 }]);
    expect(sent).toEqual([{ validUntil: 1_900_000_000, messages: [MESSAGE] }]);
    expect(screen.getByTestId('purchase-success').textContent).toBe('Success, wait 1-5 min!');
  });

  it('shows the Connect TON wallet button when no wallet is connected', async () => {
    const context = createTestContext({ tokens: createMemoryTokenStorage(SIGNED_IN) });
    render(
      <AppProviders context={context} i18n={i18n}>
        <WalletProvider connector={fakeConnector(null, [])}>
          <PurchasePopup
            product={dynamite}
            currencies={offeredCurrencies('web', products)}
            initialCurrency={2}
            initialColor="#FFFFFF"
            onClose={() => {}}
          />
        </WalletProvider>
      </AppProviders>,
    );
    expect((await screen.findByTestId('connect-wallet')).textContent).toContain('Connect TON wallet');
  });
  it('verifies a connected wallet the server does not know by the {buyerWallet} transfer', async () => {
    const sent: WalletTransaction[] = [];
    const started: unknown[] = [];
    const context = createTestContext({
      tokens: createMemoryTokenStorage(SIGNED_IN),
      fetch: (path, init) => {
        // the server has no wallet for this player: its ton_proof never came through
        if (path === '/users/me') return json(200, user({ walletAddress: null }));
        if (path === '/transactions/start') {
          started.push(JSON.parse(String(init.body)));
          return json(200, {
            txMemCode: 'pw-abcdefghij',
            strAmount: '10000000',
            amount: '0.01',
            currencyId: 2,
            payTo: FRIENDLY_SAME,
            jettonMaster: null,
            validUntil: 1_900_000_000,
            message: { ...MESSAGE, amount: '10000000' },
          });
        }
        return undefined;
      },
    });
    await context.store.dispatch(fetchMe());
    const account = { address: RAW, chain: '-239', publicKey: null, walletStateInit: 'te6' };
    render(
      <AppProviders context={context} i18n={i18n}>
        <WalletProvider connector={fakeConnector(account, sent)}>
          <PurchasePopup
            product={dynamite}
            currencies={offeredCurrencies('web', products)}
            initialCurrency={2}
            initialColor="#FFFFFF"
            onClose={() => {}}
          />
        </WalletProvider>
      </AppProviders>,
    );
    const verify = await screen.findByTestId('verify-by-transfer');
    expect(verify.textContent).toContain('Verify with a 0.01 TON transfer');
    expect(screen.queryByTestId('buy-button')).toBeNull();
    await act(async () => fireEvent.click(verify));
    expect(started).toEqual([{ buyerWallet: RAW }]);
    expect(sent).toEqual([{ validUntil: 1_900_000_000, messages: [{ ...MESSAGE, amount: '10000000' }] }]);
  });
});

describe("Pixanos' Snap colours in the purchase popup", () => {
  const snap = products.find((p) => p.id === 13)!;
  const renderSnap = (colorsUnlocked: boolean) => {
    const context = createTestContext({ tokens: createMemoryTokenStorage(SIGNED_IN) });
    render(
      <AppProviders context={context} i18n={i18n}>
        <WalletProvider connector={fakeConnector(null, [])}>
          <PurchasePopup
            product={snap}
            currencies={offeredCurrencies('web', products)}
            initialCurrency={1}
            initialColor="#FFFFFF"
            colorsUnlocked={colorsUnlocked}
            onClose={() => {}}
          />
        </WalletProvider>
      </AppProviders>,
    );
  };

  it('offers only the basic line without All colours (the server refuses the rest)', () => {
    renderSnap(false);
    const red = screen.getByRole('button', { name: '#FF4500' });
    const locked = screen
      .getAllByRole('button', { name: /^#[0-9A-F]{6}$/ })
      .filter((b) => b.hasAttribute('disabled'));
    expect(red.hasAttribute('disabled')).toBe(false);
    expect(locked.length).toBe(20);
    fireEvent.click(locked[0]!);
    expect(locked[0]!.getAttribute('aria-pressed')).toBe('false');
  });

  it('offers the whole palette with All colours', () => {
    renderSnap(true);
    const swatches = screen.getAllByRole('button', { name: /^#[0-9A-F]{6}$/ });
    expect(swatches.length).toBe(30);
    expect(swatches.every((b) => !b.hasAttribute('disabled'))).toBe(true);
  });
});
