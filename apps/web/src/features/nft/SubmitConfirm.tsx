import { NFT_CONFIRM_DELAY_MS } from '@pixel-wall/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup } from '../../ui/Popup/Popup.tsx';

/** Seconds left of a countdown that started at mount, refreshed every 500 ms (SPEC §9). */
export function useCountdown(ms: number): number {
  const [left, setLeft] = useState(Math.ceil(ms / 1000));
  useEffect(() => {
    const until = Date.now() + ms;
    const timer = setInterval(() => {
      const s = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setLeft(s);
      if (s === 0) clearInterval(timer);
    }, 500);
    return () => clearInterval(timer);
  }, [ms]);
  return left;
}

/** The once-only submit (SPEC §4): the confirm button stays disabled for a 3 s countdown. */
export function SubmitConfirm({
  sending,
  onConfirm,
  onClose,
}: {
  sending: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const left = useCountdown(NFT_CONFIRM_DELAY_MS);
  return (
    <Popup title={t('nft.confirmTitle')} onClose={onClose} testId="nft-confirm">
      <p className="nft-confirm__text">{t('nft.onlyOnce')}</p>
      <div className="nft-confirm__actions">
        <button type="button" className="btn" onClick={onClose}>
          {t('nft.cancel')}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={left > 0 || sending}
          onClick={onConfirm}
          data-testid="nft-confirm-submit"
        >
          {left > 0 ? t('nft.confirmIn', { seconds: left }) : sending ? t('nft.sending') : t('nft.confirm')}
        </button>
      </div>
    </Popup>
  );
}
