/**
 * /nft (SPEC §2, §4): three screens. connect — what this is, the 'Approved N / 1,000 NFTs' count,
 * and the way on ('Loading data...' while loading, 'Wait for NFT approval' once submitted);
 * draw — the 64×64 board and a once-only submit behind a confirm popup with a 3 s countdown;
 * mint — an approved drawing minted through the player's TON wallet. Admins review below.
 */
import { NFT_CAP, type NftData, type NftGet } from '@pixel-wall/shared';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/useHttp.ts';
import { useFormat } from '../../i18n/format.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { selectSignedIn } from '../../store/sessionSlice.ts';
import { showToast } from '../../store/uiSlice.ts';
import { GuestNote } from '../../ui/GuestNote/GuestNote.tsx';
import { useAsync } from '../../ui/useAsync.ts';
import { useStaffRole } from '../moderation/useStaffRole.ts';
import { fetchNft, fetchNftCount, uploadNft } from './api.ts';
import { DrawingBoard } from './DrawingBoard.tsx';
import { decodeDrawing, isEmptyDrawing, loadDrawing } from './drawing.ts';
import { MintPanel } from './MintPanel.tsx';
import { NftPreview } from './NftPreview.tsx';
import { NftReview } from './NftReview.tsx';
import { SubmitConfirm } from './SubmitConfirm.tsx';
import './nft.css';

type Screen = 'connect' | 'draw' | 'mint';

export function NftScreen() {
  const { t } = useTranslation();
  const signedIn = useAppSelector(selectSignedIn);
  const role = useStaffRole();
  const http = useHttp();
  const [screen, setScreen] = useState<Screen>('connect');
  const load = useCallback((signal: AbortSignal) => fetchNft(http, signal), [http]);
  const nft = useAsync<NftGet>(signedIn ? load : null);
  const loadCount = useCallback((signal: AbortSignal) => fetchNftCount(http, signal), [http]);
  const count = useAsync(signedIn ? null : loadCount);
  const approved = nft.data?.countApproved ?? count.data?.countApproved ?? null;

  const done = (data: NftData) => {
    nft.update((d) => ({ ...d, nftData: data }));
    setScreen('connect');
  };

  return (
    <section className="page nft" data-testid="nft-page">
      <h1 className="page__title pixel-text">{t('nft.title')}</h1>
      {screen === 'draw' && signedIn ? (
        <DrawScreen onBack={() => setScreen('connect')} onSubmitted={done} />
      ) : screen === 'mint' && nft.data?.nftData ? (
        <MintPanel
          data={nft.data}
          onBack={() => setScreen('connect')}
          onChanged={(d) => nft.update((x) => ({ ...x, nftData: d }))}
        />
      ) : (
        <ConnectScreen
          signedIn={signedIn}
          loading={signedIn && nft.status !== 'fulfilled' && nft.data === null}
          failed={nft.status === 'rejected'}
          onRetry={nft.retry}
          data={nft.data}
          approved={approved}
          onDraw={() => setScreen('draw')}
          onMint={() => setScreen('mint')}
        />
      )}
      {signedIn && role === 'admin' && screen === 'connect' ? <NftReview onChanged={nft.retry} /> : null}
    </section>
  );
}

function ConnectScreen({
  signedIn,
  loading,
  failed,
  onRetry,
  data,
  approved,
  onDraw,
  onMint,
}: {
  signedIn: boolean;
  loading: boolean;
  failed: boolean;
  onRetry(): void;
  data: NftGet | null;
  approved: number | null;
  onDraw(): void;
  onMint(): void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const mine = data?.nftData ?? null;
  const image = useMemo(() => (mine ? decodeDrawing(mine.image) : null), [mine]);
  const canMint = mine !== null && mine.approval_no !== null;

  return (
    <div className="nft-connect panel" data-testid="nft-connect">
      <p className="nft-connect__lead">{t('nft.lead')}</p>
      <p className="nft-connect__count pixel-num" data-testid="nft-count">
        {approved === null
          ? '\u00a0'
          : t('nft.approvedCount', { approved: format.integer(approved), cap: format.integer(NFT_CAP) })}
      </p>
      {image && mine ? (
        <div className="nft-connect__mine">
          <NftPreview pixels={image} size={128} />
          <p className="nft-connect__status" data-testid="nft-status">
            {t(`nft.status.${mine.status}`)}
          </p>
        </div>
      ) : null}
      {!signedIn ? (
        <GuestNote text={t('nft.guest')} />
      ) : failed && !data ? (
        <div className="nft-connect__failed">
          <p>{t('nft.loadFailed')}</p>
          <button type="button" className="btn btn--block" onClick={onRetry}>
            {t('nft.retry')}
          </button>
        </div>
      ) : canMint ? (
        <button type="button" className="btn btn--primary btn--block" onClick={onMint} data-testid="nft-main">
          {mine?.status === 'minted' || mine?.status === 'minting' ? t('nftMint.view') : t('nft.toMint')}
        </button>
      ) : (
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={onDraw}
          disabled={loading || mine !== null}
          data-testid="nft-main"
        >
          {loading ? t('nft.loading') : mine ? t('nft.waitApproval') : t('nft.draw')}
        </button>
      )}
    </div>
  );
}

function DrawScreen({ onBack, onSubmitted }: { onBack(): void; onSubmitted(d: NftData): void }) {
  const { t } = useTranslation();
  const http = useHttp();
  const dispatch = useAppDispatch();
  const drawing = useMemo(() => loadDrawing(), []);
  const [empty, setEmpty] = useState(() => isEmptyDrawing(drawing));
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);

  const submit = async () => {
    setSending(true);
    try {
      const data = await uploadNft(http, drawing);
      setConfirming(false);
      dispatch(showToast(t('nft.uploadSuccess'), 'success'));
      onSubmitted(data);
    } catch {
      dispatch(showToast(t('nft.uploadFailed'), 'error'));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="nft-draw" data-testid="nft-draw">
      <DrawingBoard drawing={drawing} onChange={() => setEmpty(isEmptyDrawing(drawing))} />
      <div className="nft-draw__actions">
        <button type="button" className="btn" onClick={onBack}>
          {t('nft.back')}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={empty}
          onClick={() => setConfirming(true)}
          data-testid="nft-submit"
        >
          {t('nft.submit')}
        </button>
      </div>
      {confirming ? (
        <SubmitConfirm
          sending={sending}
          onConfirm={() => void submit()}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
