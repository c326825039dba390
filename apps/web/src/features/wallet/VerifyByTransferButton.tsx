import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../store/hooks.ts';
import { showToast } from '../../store/uiSlice.ts';
import { verifyByTransfer } from './connect.ts';
import { useWalletConnector } from './WalletContext.tsx';

/**
 * For a wallet connected in this browser that the server has not verified: verify it by a small
 * TON transfer from it instead of a ton_proof (POST /transactions/start with `{buyerWallet}`).
 */
export function VerifyByTransferButton({ address }: { address: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const connector = useWalletConnector();
  const [pending, setPending] = useState(false);
  const press = async () => {
    if (pending) return;
    setPending(true);
    const sent = await dispatch(verifyByTransfer(connector, address));
    setPending(false);
    dispatch(showToast(sent ? t('walletVerify.sent') : t('walletVerify.failed'), sent ? 'success' : 'error'));
  };
  return (
    <button
      type="button"
      className="btn btn--block wallet-verify"
      data-testid="verify-by-transfer"
      disabled={pending}
      aria-busy={pending}
      onClick={() => void press()}
    >
      {pending ? <span className="spinner" aria-hidden="true" /> : null}
      {t('walletVerify.button')}
    </button>
  );
}
