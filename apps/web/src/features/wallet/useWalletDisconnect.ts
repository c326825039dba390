import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../store/hooks.ts';
import { showToast } from '../../store/uiSlice.ts';
import { disconnectWallet } from './connect.ts';
import { useWalletConnector } from './WalletContext.tsx';

/**
 * Disconnect TON from a button (the side menu's, the settings'): unlinks the wallet when `linked`,
 * ends the TON Connect session, and says how it went; a press while one is under way is ignored.
 */
export function useWalletDisconnect(linked: boolean): { pending: boolean; disconnect: () => Promise<void> } {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const connector = useWalletConnector();
  const [pending, setPending] = useState(false);
  const disconnect = async () => {
    if (pending) return;
    setPending(true);
    const done = await dispatch(disconnectWallet(connector, linked));
    setPending(false);
    dispatch(
      done
        ? showToast(t('settings.tonDisconnected'), 'success')
        : showToast(t('settings.tonDisconnectFailed'), 'error'),
    );
  };
  return { pending, disconnect };
}
