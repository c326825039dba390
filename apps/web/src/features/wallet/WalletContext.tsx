import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { selectPublicConfig } from '../../store/configSlice.ts';
import { useAppSelector } from '../../store/hooks.ts';
import type { TonWalletConnector, WalletAccount } from './connector.ts';
import { createTonConnectConnector, miniAppReturnUrl, type ReturnUrl } from './tonConnect.ts';

const WalletContext = createContext<TonWalletConnector | null>(null);
let fallback: TonWalletConnector | null = null;

export function WalletProvider({
  connector,
  children,
}: {
  connector: TonWalletConnector;
  children: ReactNode;
}) {
  return <WalletContext.Provider value={connector}>{children}</WalletContext.Provider>;
}

let returnUrl: ReturnUrl | null = null;

/** The TON wallet connector; outside a provider the app-wide TON Connect one, made on first use. */
export function useWalletConnector(): TonWalletConnector {
  const connector = useContext(WalletContext);
  const platform = usePlatform();
  const botUsername = useAppSelector(selectPublicConfig)?.botUsername ?? null;
  if (platform.kind === 'telegram') returnUrl = miniAppReturnUrl(botUsername);
  if (connector) return connector;
  fallback ??= createTonConnectConnector({ returnUrl: () => returnUrl });
  return fallback;
}

/**
 * The wallet account connected in this browser, or null. `enabled` false leaves TON Connect
 * unloaded (Stars-only screens).
 */
export function useWalletAccount(enabled = true): { account: WalletAccount | null; restoring: boolean } {
  const connector = useWalletConnector();
  const [account, setAccount] = useState<WalletAccount | null>(null);
  const [restoring, setRestoring] = useState(enabled);
  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    setRestoring(true);
    connector
      .current()
      .then((a) => {
        if (alive) setAccount(a);
      })
      .catch(() => {})
      .finally(() => {
        if (alive) setRestoring(false);
      });
    const off = connector.subscribe((a) => {
      if (alive) setAccount(a);
    });
    return () => {
      alive = false;
      off();
    };
  }, [connector, enabled]);
  return { account, restoring };
}
