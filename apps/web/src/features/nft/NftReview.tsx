/** Admins only: the drawings waiting for review, each approved (up to 1,000) or rejected. */
import { NFT_CAP, type NftReviewItem } from '@pixel-wall/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/useHttp.ts';
import { useFormat } from '../../i18n/format.ts';
import { useAppDispatch } from '../../store/hooks.ts';
import { showToast } from '../../store/uiSlice.ts';
import { errorText } from '../../ui/failureText.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { fetchReview, reviewNft } from './api.ts';
import { decodeDrawing } from './drawing.ts';
import { NftPreview } from './NftPreview.tsx';

export function NftReview({ onChanged }: { onChanged(): void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const http = useHttp();
  const dispatch = useAppDispatch();
  const load = useCallback((signal: AbortSignal) => fetchReview(http, 'pending', signal), [http]);
  const list = useAsync(load);
  const [busy, setBusy] = useState<number | null>(null);

  const act = async (item: NftReviewItem, action: 'approve' | 'reject') => {
    setBusy(item.id);
    try {
      await reviewNft(http, item.id, action);
      dispatch(showToast(t('nft.review.done'), 'success'));
      list.retry();
      onChanged();
    } catch (err) {
      dispatch(showToast(errorText(t, err, 'nft.uploadFailed'), 'error'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="nft-review panel" data-testid="nft-review" aria-labelledby="nft-review-title">
      <h2 id="nft-review-title" className="nft-review__title pixel-text">
        {t('nft.review.title')}
      </h2>
      {list.data ? (
        <p className="nft-review__meta">
          {t('nft.review.pending', { n: format.integer(list.data.total) })} ·{' '}
          {t('nft.approvedCount', {
            approved: format.integer(list.data.countApproved),
            cap: format.integer(NFT_CAP),
          })}
        </p>
      ) : null}
      {list.status === 'rejected' ? <p>{t('nft.loadFailed')}</p> : null}
      {list.data && list.data.list.length === 0 ? (
        <p className="nft-review__empty">{t('nft.review.empty')}</p>
      ) : null}
      <ul className="nft-review__list">
        {list.data?.list.map((item) => {
          const pixels = decodeDrawing(item.image);
          return (
            <li key={item.id} className="nft-review__item" data-testid="nft-review-item">
              {pixels ? <NftPreview pixels={pixels} size={96} /> : null}
              <div className="nft-review__who">
                <strong>{item.user.firstName}</strong>
                {item.user.userName ? <span>@{item.user.userName}</span> : null}
                <span className="nft-review__id">#{item.id}</span>
              </div>
              <div className="nft-review__actions">
                <button
                  type="button"
                  className="btn btn--primary"
                  disabled={busy !== null}
                  onClick={() => void act(item, 'approve')}
                  data-testid="nft-approve"
                >
                  {t('nft.review.approve')}
                </button>
                <button
                  type="button"
                  className="btn"
                  disabled={busy !== null}
                  onClick={() => void act(item, 'reject')}
                  data-testid="nft-reject"
                >
                  {t('nft.review.reject')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
