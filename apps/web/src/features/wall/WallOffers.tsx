import { formatCountdown } from '@pixel-wall/shared/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../store/hooks.ts';
import { shopProductRequested, showToast } from '../../store/uiSlice.ts';
import { failureText } from '../../ui/failureText.ts';
import { ProductIcon } from '../shop/ProductIcon.tsx';
import { useProductText } from '../shop/useProductText.ts';
import { centreOf, type Point, type Prize } from './flights.ts';
import { useDailyOffers } from './useDailyOffers.ts';
import './offers.css';

/**
 * The Wall's offer buttons (SPEC §4, §7): today's limited product with its countdown, which opens
 * the shop on it, and the free daily item, taken with a tap; the item then flies to its counter.
 */
export function WallOffers({
  signedIn,
  onFly,
}: {
  signedIn: boolean;
  onFly(from: Point, prize: Prize): void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const daily = useDailyOffers(signedIn, (error) =>
    dispatch(showToast(failureText(t, error, 'wall.dailyFailed'), 'error')),
  );
  const { offer, free, now } = daily;
  const offerName = useProductText(offer?.product ?? { id: 0, name: '', description: '' }).name;
  const freeName = useProductText({ id: free?.productId ?? 0, name: free?.name ?? '', description: '' }).name;
  if (!offer && !free) return null;

  const openOffer = (productId: number) => {
    dispatch(shopProductRequested(productId));
    navigate('/stars');
  };

  const takeFree = async (button: HTMLElement) => {
    if (!free) return;
    if (!signedIn) {
      dispatch(showToast(t('wall.dailySignIn'), 'info'));
      return;
    }
    const from = centreOf(button.getBoundingClientRect());
    if (await daily.takeFree()) {
      dispatch(showToast(t('wall.dailyGot', { name: freeName }), 'success'));
      onFly(from, { kind: 'goods', productId: free.productId });
    }
  };

  return (
    <div className="wall-offers">
      {offer ? (
        <button
          type="button"
          className="wall-offer panel"
          data-testid="wall-offer"
          aria-label={t('wall.offerLabel', { name: offerName })}
          onClick={() => openOffer(offer.product.id)}
        >
          <span className="wall-offer__icon">
            <ProductIcon productId={offer.product.id} size={32} />
          </span>
          <span className="wall-offer__badge">{t('shop.badgeLimited')}</span>
          <span className="wall-offer__timer pixel-num" role="timer">
            {formatCountdown(offer.endsAt - now)}
          </span>
        </button>
      ) : null}
      {free ? (
        <button
          type="button"
          className={`wall-offer wall-offer--daily panel${free.claimed ? ' wall-offer--taken' : ''}`}
          data-testid="wall-daily"
          aria-label={
            free.claimed
              ? t('wall.dailyTakenLabel', { name: freeName })
              : t('wall.dailyLabel', { name: freeName })
          }
          aria-busy={daily.claim === 'pending'}
          disabled={free.claimed || daily.claim === 'pending'}
          onClick={(e) => void takeFree(e.currentTarget)}
        >
          <span className="wall-offer__icon">
            <ProductIcon productId={free.productId} qty={free.quantity} size={32} />
          </span>
          <span className="wall-offer__badge wall-offer__badge--free">
            {free.claimed ? t('wall.dailyTaken') : t('wall.dailyFree')}
          </span>
          {free.claimed && daily.endsAt !== null ? (
            <span className="wall-offer__timer pixel-num" role="timer">
              {formatCountdown(daily.endsAt - now)}
            </span>
          ) : null}
        </button>
      ) : null}
    </div>
  );
}
