import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { Popup } from '../../ui/Popup/Popup.tsx';
import { ProductIcon } from '../shop/ProductIcon.tsx';
import './rewards.css';

/** SPEC §9: the backdrop of the pixel reward popup dismisses only after 2 s. */
export const PIXEL_REWARD_BACKDROP_MS = 2000;

export interface PaintReward {
  type: 'goods' | 'token';
  /** quantity of goods, or the token amount */
  amount: number;
  /** the reward's id for the claim calls */
  rewardUserId: number | null;
  /** the product, when known */
  goodId: number | null;
  name: string | null;
}

/** After a paint that won something: a glowing card over a darkened Wall. */
export function PixelRewardPopup({
  reward,
  onClose,
  onOpen,
}: {
  reward: PaintReward;
  onClose(): void;
  /** shows the reward popup with the claim */
  onOpen(): void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Popup
      onClose={onClose}
      title={t('rewards.foundTitle')}
      backdropDelayMs={PIXEL_REWARD_BACKDROP_MS}
      glow
      testId="pixel-reward"
      className="pixel-reward"
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
          +{format.number(reward.amount)} {reward.type === 'token' ? 'PX' : (reward.name ?? '')}
        </strong>
      </div>
      <p className="pixel-reward__text">{t('rewards.foundText')}</p>
      <button type="button" className="btn btn--primary btn--block" onClick={onOpen}>
        {t('rewards.open')}
      </button>
    </Popup>
  );
}
