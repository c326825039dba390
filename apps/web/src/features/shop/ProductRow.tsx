import type { ShopProduct } from '@pixel-wall/shared';
import { formatCountdown } from '@pixel-wall/shared/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { badgesOf, currencyCode, unitPrice } from './catalogue.ts';
import { ProductIcon } from './ProductIcon.tsx';
import { useProductText } from './useProductText.ts';

/** Countdown refresh (SPEC §9). */
const COUNTDOWN_MS = 500;

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_MS);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

export function ProductRow({
  product,
  currencyId,
  owned,
  disabled,
  onOpen,
}: {
  product: ShopProduct;
  currencyId: number;
  owned: number;
  /** a one-off the player already owns: the row does not open */
  disabled: boolean;
  onOpen(): void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const text = useProductText(product);
  const badges = badgesOf(product);
  const price = unitPrice(product, currencyId);
  const ends = product.limitedEnd;
  const now = useNow(ends !== null);
  return (
    <li>
      <button
        type="button"
        className="shop-row"
        data-testid={`shop-row-${product.id}`}
        onClick={onOpen}
        disabled={disabled}
      >
        <span className="shop-row__icon">
          <ProductIcon productId={product.id} size={56} />
        </span>
        <span className="shop-row__body">
          <span className="shop-row__name">
            {text.name}
            {badges.limited ? <span className="badge badge--limited">{t('shop.badgeLimited')}</span> : null}
            {badges.event ? <span className="badge badge--event">{t('shop.badgeEvent')}</span> : null}
            {badges.sale ? <span className="badge badge--sale">−75%</span> : null}
          </span>
          <span className="shop-row__desc">{text.description}</span>
          {ends !== null && ends > now ? (
            <span className="shop-row__timer pixel-num" role="timer">
              {t('shop.endsIn', { time: formatCountdown(ends - now) })}
            </span>
          ) : null}
          {owned > 0 ? (
            <span className="shop-row__owned">
              {disabled ? t('shop.owned') : t('shop.youHave', { count: format.integer(owned) })}
            </span>
          ) : null}
        </span>
        <span className={`shop-row__price pixel-num${price === null ? ' shop-row__price--none' : ''}`}>
          {price === null ? t('shop.no') : `${format.decimal(price)} ${currencyCode(currencyId)}`}
        </span>
      </button>
    </li>
  );
}
