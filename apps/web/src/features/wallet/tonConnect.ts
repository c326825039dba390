/**
 * The TON Connect connector: @tonconnect/ui-react's TonConnectUI, loaded on first use so pages
 * without a wallet never download it. The manifest is served by the app itself.
 *
 * On a phone TON Connect's list links every wallet through its app and HTTP bridge, and only a
 * wallet's own browser ("embedded") is connected over its JS bridge. A wallet injected into any
 * other page (an extension, an in-app browser that does not claim the page) is therefore offered by
 * the app itself (`injectedWallets`) and connected over its bridge directly.
 */
import type { ConnectedWallet, TonConnectUI, WalletInfo } from '@tonconnect/ui-react';
import type { InjectedWallet, TonWalletConnector, WalletAccount, WalletConnection } from './connector.ts';

export const MANIFEST_PATH = '/tonconnect-manifest.json';
const MAX_VALIDITY_S = 300;

export type ReturnUrl = `${string}://${string}`;

/**
 * Where a wallet sends the player back after an action started in the Mini App: the bot's main
 * Mini App link. Null without a bot username (the server's TELEGRAM_BOT_USERNAME).
 */
export function miniAppReturnUrl(botUsername: string | null): ReturnUrl | null {
  return botUsername && /^[A-Za-z0-9_]{3,64}$/.test(botUsername)
    ? `https://t.me/${botUsername}?startapp`
    : null;
}

type TonConnectModule = typeof import('@tonconnect/ui-react');

function accountOf(wallet: ConnectedWallet | null): WalletAccount | null {
  if (!wallet) return null;
  const a = wallet.account;
  return {
    address: a.address,
    chain: a.chain,
    publicKey: a.publicKey ?? null,
    walletStateInit: a.walletStateInit,
  };
}

function connectionOf(wallet: ConnectedWallet): WalletConnection {
  const item = wallet.connectItems?.tonProof;
  const proof = item && 'proof' in item ? item.proof : null;
  return { account: accountOf(wallet)!, proof };
}

/** The listed wallets injected into this page, less the one whose browser this is (TON Connect takes it). */
export function injectedOf(list: readonly WalletInfo[]): InjectedWallet[] {
  return list.flatMap((w) =>
    'jsBridgeKey' in w && w.injected && !w.embedded
      ? [{ key: w.jsBridgeKey, name: w.name, imageUrl: w.imageUrl }]
      : [],
  );
}

export interface TonConnectOptions {
  origin?: string;
  /** read whenever TON Connect is used, as the public config may arrive after it loaded */
  returnUrl?: () => ReturnUrl | null;
}

export function createTonConnectConnector(options: TonConnectOptions = {}): TonWalletConnector {
  const origin = options.origin ?? window.location.origin;
  let loaded: Promise<{ t: TonConnectUI; sdk: TonConnectModule }> | null = null;
  let appliedReturnUrl: ReturnUrl | null = null;
  const listeners = new Set<(a: WalletAccount | null) => void>();

  function applyReturnUrl(t: TonConnectUI): void {
    const url = options.returnUrl?.() ?? null;
    if (url === null || url === appliedReturnUrl) return;
    appliedReturnUrl = url;
    // Inside Telegram the wallet opens this link when done, bringing the player back to the Mini App.
    t.uiOptions = { actionsConfiguration: { twaReturnUrl: url } };
  }

  function loadAll(): Promise<{ t: TonConnectUI; sdk: TonConnectModule }> {
    loaded ??= import('@tonconnect/ui-react').then((sdk) => {
      const t = new sdk.TonConnectUI({
        manifestUrl: `${origin}${MANIFEST_PATH}`,
        // No telemetry leaves the page.
        analytics: { mode: 'off' },
      });
      t.onStatusChange((wallet) => {
        const account = accountOf(wallet);
        for (const fn of listeners) fn(account);
      });
      return { t, sdk };
    });
    return loaded.then((l) => {
      applyReturnUrl(l.t);
      return l;
    });
  }

  async function load(): Promise<TonConnectUI> {
    return (await loadAll()).t;
  }

  return {
    async current() {
      const t = await load();
      await t.connectionRestored;
      return accountOf(t.wallet as ConnectedWallet | null);
    },

    async injectedWallets() {
      const t = await load();
      return injectedOf(await t.getWallets());
    },

    async connect(payload, via) {
      const { t, sdk } = await loadAll();
      await t.connectionRestored;
      // A proof comes only with a new connection. Disconnecting also forgets the list's last pick,
      // which would otherwise send later transfers through that wallet's link instead of the bridge.
      if (via) await t.disconnect().catch(() => {});
      else if (t.connected) await t.disconnect();
      return new Promise<WalletConnection | null>((resolve, reject) => {
        let settled = false;
        const cleanups: (() => void)[] = [];
        const finish = (fn: () => void) => {
          if (settled) return;
          settled = true;
          for (const c of cleanups) c();
          fn();
        };
        const fail = (error: unknown) => finish(() => reject(error));
        cleanups.push(
          t.onStatusChange(
            (wallet) => {
              if (wallet) finish(() => resolve(connectionOf(wallet)));
            },
            // The list shows a declined request itself; an injected wallet's decline just ends it.
            (error) =>
              via && error instanceof sdk.UserRejectsError ? finish(() => resolve(null)) : fail(error),
          ),
        );
        if (via) {
          try {
            t.connector.connect({ jsBridgeKey: via.key }, { tonProof: payload });
          } catch (error) {
            fail(error);
          }
          return;
        }
        t.setConnectRequestParameters({ state: 'ready', value: { tonProof: payload } });
        cleanups.push(
          t.onModalStateChange((state) => {
            if (state.status === 'closed' && state.closeReason !== 'wallet-selected') {
              finish(() => resolve(null));
            }
          }),
        );
        t.openModal().catch(fail);
      });
    },

    async send(tx) {
      const t = await load();
      // TON Connect wants at most five minutes; the order stays open longer than that.
      const validUntil = Math.min(tx.validUntil, Math.floor(Date.now() / 1000) + MAX_VALIDITY_S);
      await t.sendTransaction({ validUntil, messages: tx.messages });
    },

    async sendForBoc(tx) {
      const t = await load();
      const validUntil = Math.min(tx.validUntil, Math.floor(Date.now() / 1000) + MAX_VALIDITY_S);
      return (await t.sendTransaction({ validUntil, messages: tx.messages })).boc;
    },

    async disconnect() {
      const t = await load();
      if (t.connected) await t.disconnect();
    },

    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}
