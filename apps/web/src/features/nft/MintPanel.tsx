/**
 * The mint screen: the approved drawing, the player's TON wallet, and the mint. The server
 * prepares the transaction (collection address, amount, payload); the wallet signs and sends it.
 */
import type { NftData, NftGet } from '@pixel-wall/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/useHttp.ts';
import { useAppDispatch } from '../../store/hooks.ts';
import { showToast } from '../../store/uiSlice.ts';
import { ConnectWalletButton } from '../wallet/ConnectWalletButton.tsx';
import { useWalletConnector } from '../wallet/WalletContext.tsx';
import { fetchMint, reportMintSent } from './api.ts';
import { decodeDrawing } from './drawing.ts';
import { NftPreview } from './NftPreview.tsx';

export function MintPanel({
  data,
  onBack,
  onMinted,
}: {
  data: NftGet;
  onBack(): void;
  onMinted(d: NftData): void;
}) {
  const { t } = useTranslation();
  const http = useHttp();
  const dispatch = useAppDispatch();
  const connector = useWalletConnector();
  const [wallet, setWallet] = useState(data.wallet);
  const [sending, setSending] = useState(false);
  const mine = data.nftData!;
  const pixels = useMemo(() => decodeDrawing(mine.image), [mine.image]);
  const sent = mine.status === 'minting' || mine.status === 'minted';

  const mint = async () => {
    setSending(true);
    try {
      const tx = await fetchMint(http);
      let boc: string | null = null;
      if (connector.sendForBoc) boc = await connector.sendForBoc(tx);
      else await connector.send(tx);
      if (boc) onMinted(await reportMintSent(http, boc));
      dispatch(showToast(t('nft.uploadSuccess'), 'success'));
    } catch {
      dispatch(showToast(t('nft.uploadFailed'), 'error'));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="nft-mint panel" data-testid="nft-mint">
      {pixels ? <NftPreview pixels={pixels} size={192} /> : null}
      <p className="nft-mint__no pixel-num">#{mine.approval_no}</p>
      <p className="nft-connect__status">{t(`nft.status.${mine.status}`)}</p>
      {sent ? null : !data.collection ? (
        <button type="button" className="btn btn--primary btn--block" disabled data-testid="nft-mint-button">
          {t('nft.noCollection')}
        </button>
      ) : !wallet ? (
        <ConnectWalletButton onConnected={() => setWallet('connected')} />
      ) : (
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={sending}
          onClick={() => void mint()}
          data-testid="nft-mint-button"
        >
          {sending ? t('nft.sending') : t('nft.mint')}
        </button>
      )}
      <button type="button" className="btn btn--block" onClick={onBack}>
        {t('nft.back')}
      </button>
    </div>
  );
}
