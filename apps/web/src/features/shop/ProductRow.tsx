import type { ShopProduct } from '@pixel-wall/shared';
import { formatCountdown } from '@pixel-wall/shared/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { badgesOf, currencyCode, regularPrice, unitPrice } from './catalogue.ts';
import { ProductIcon } from './ProductIcon.tsx';
import { ShopBadges } from './ShopBadges.tsx';
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
  const badges = badgesOf(product, currencyId);
  const price = unitPrice(product, currencyId);
  const regular = price === null ? null : regularPrice(product, currencyId);
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
            <ShopBadges badges={badges} />
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
          {regular === null ? null : (
            <s className="shop-row__regular" data-testid={`shop-row-regular-${product.id}`}>
              <span className="visually-hidden">{t('shopSale.regularPrice')} </span>
              {format.decimal(regular)} {currencyCode(currencyId)}
            </s>
          )}
          {price === null ? t('shop.no') : `${format.decimal(price)} ${currencyCode(currencyId)}`}
        </span>
      </button>
    </li>
  );
}
