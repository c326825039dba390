import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { useAppDispatch } from '../../store/hooks.ts';
import { showToast } from '../../store/uiSlice.ts';
import { Popup } from '../../ui/Popup/Popup.tsx';
import { ProductIcon } from '../shop/ProductIcon.tsx';
import type { PaintReward } from './PixelRewardPopup.tsx';
import './rewards.css';
import { claimGoods, tokenRewardAction } from './rewardsApi.ts';

/** SPEC §9: the reward popup's close works 1 s after it opens. */
export const REWARD_CLOSE_DELAY_MS = 1000;

/** A goods or token reward with its claim (and burn, for tokens). */
export function RewardPopup({ reward, onClose }: { reward: PaintReward; onClose(): void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const dispatch = useAppDispatch();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: 'claim' | 'burn') => {
    if (pending || reward.rewardUserId === null) return;
    setPending(true);
    setError(null);
    const ok =
      reward.type === 'goods'
        ? await dispatch(claimGoods(reward.rewardUserId))
        : await dispatch(tokenRewardAction(reward.rewardUserId, action));
    setPending(false);
    if (ok) {
      dispatch(showToast(t('rewards.success'), 'success'));
      onClose();
    } else {
      setError(reward.type === 'goods' ? t('rewards.goodsError') : t('rewards.error'));
    }
  };

  return (
    <Popup
      onClose={onClose}
      title={reward.type === 'goods' ? t('rewards.goodsTitle') : t('rewards.tokenTitle')}
      closeDelayMs={REWARD_CLOSE_DELAY_MS}
      testId="reward-popup"
    >
      <div className="pixel-reward__prize">
        {reward.type === 'goods' && reward.goodId ? (
          <ProductIcon productId={reward.goodId} qty={reward.amount} size={96} />
        ) : (
          <span className="pixel-reward__coin pixel-text" aria-hidden="true">
            PX
          </span>
        )}
        <strong className="pixel-reward__amount pixel-num">
          {reward.type === 'token'
            ? `${format.number(reward.amount)} PX`
            : `${format.number(reward.amount)} × ${reward.name ?? ''}`}
        </strong>
      </div>
      {error ? (
        <p className="rewards__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="reward-popup__actions">
        <button
          type="button"
          className="btn btn--primary btn--block"
          data-testid="reward-claim"
          aria-busy={pending}
          disabled={reward.rewardUserId === null}
          onClick={() => void run('claim')}
        >
          {t('rewards.claim')}
        </button>
        {reward.type === 'token' ? (
          <button
            type="button"
            className="btn btn--block"
            aria-busy={pending}
            onClick={() => void run('burn')}
          >
            {t('rewards.burn')}
          </button>
        ) : null}
      </div>
    </Popup>
  );
}
