/**
 * The mint screen: the approved drawing, the player's TON wallet, and the mint. The server
 * prepares the transaction (collection address, amount, payload); the wallet signs and sends it.
 * Then the server's watcher looks for it on chain: while 'minting' the panel asks again every few
 * seconds; 'minted' shows the collection's transaction on the explorer; back to 'approved' means
 * the mint did not go through, and the player may mint again.
 */
import type { NftData, NftGet } from '@pixel-wall/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/useHttp.ts';
import { useAppDispatch } from '../../store/hooks.ts';
import { showToast } from '../../store/uiSlice.ts';
import { explorerUrl } from '../../ui/explorer.ts';
import { ConnectWalletButton } from '../wallet/ConnectWalletButton.tsx';
import { useWalletConnector } from '../wallet/WalletContext.tsx';
import { fetchMint, fetchNft, reportMintSent } from './api.ts';
import { decodeDrawing } from './drawing.ts';
import { NftPreview } from './NftPreview.tsx';

/** How often the panel asks whether a sent mint is on chain yet, ms. */
export const MINT_POLL_MS = 5_000;

/** While the mint is on its way: the drawing as the server sees it, every MINT_POLL_MS. */
function useMintWatch(minting: boolean, onChanged: (d: NftData) => void): void {
  const http = useHttp();
  const changed = useRef(onChanged);
  useEffect(() => {
    changed.current = onChanged;
  });
  useEffect(() => {
    if (!minting) return;
    const abort = new AbortController();
    const timer = setInterval(() => {
      fetchNft(http, abort.signal).then(
        (d) => {
          if (!abort.signal.aborted && d.nftData) changed.current(d.nftData);
        },
        // A failed look is asked again at the next tick.
        () => {},
      );
    }, MINT_POLL_MS);
    return () => {
      clearInterval(timer);
      abort.abort();
    };
  }, [minting, http]);
}

export function MintPanel({
  data,
  onBack,
  onChanged,
}: {
  data: NftGet;
  onBack(): void;
  onChanged(d: NftData): void;
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
  // A mint seen going back from 'minting' to 'approved' did not go through on chain.
  const [lost, setLost] = useState(false);
  useMintWatch(mine.status === 'minting', (d) => {
    if (d.status === 'approved') setLost(true);
    if (d.status !== mine.status) onChanged(d);
  });

  const mint = async () => {
    setSending(true);
    try {
      const tx = await fetchMint(http);
      let boc: string | null = null;
      if (connector.sendForBoc) boc = await connector.sendForBoc(tx);
      else await connector.send(tx);
      if (boc) onChanged(await reportMintSent(http, boc));
      setLost(false);
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
      <p
        className={mine.status === 'minted' ? 'nft-connect__status nft-mint__minted' : 'nft-connect__status'}
        data-testid="nft-mint-status"
      >
        {t(`nft.status.${mine.status}`)}
      </p>
      {mine.status === 'minting' ? (
        <p className="nft-mint__note" role="status" data-testid="nft-mint-waiting">
          <span className="spinner" aria-hidden="true" />
          {t('nftMint.waiting')}
        </p>
      ) : null}
      {mine.status === 'minted' && mine.mint_tx ? (
        <a
          className="btn btn--block nft-mint__explorer"
          href={explorerUrl(mine.mint_tx)}
          target="_blank"
          rel="noreferrer"
          data-testid="nft-explorer"
        >
          {t('nftMint.explorer')}
        </a>
      ) : null}
      {lost && mine.status === 'approved' ? (
        <p className="nft-mint__note nft-mint__note--failed" role="alert" data-testid="nft-mint-lost">
          {t('nftMint.failed')}
        </p>
      ) : null}
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
