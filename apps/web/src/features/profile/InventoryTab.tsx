import { INVENTORY_ORDER, type ProductId, productById } from '@pixel-wall/shared/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/useHttp.ts';
import { useFormat } from '../../i18n/format.ts';
import { LoadError, SkeletonBlock } from '../../ui/LoadError/LoadError.tsx';
import { useAsync } from '../../ui/useAsync.ts';
import { loadGoods } from './api.ts';
import { PixelLists } from './PixelLists.tsx';
import { PixelPrices } from './PixelPrices.tsx';

/** Goods a player holds, consumables first, then the tools kept for good (the catalogue's order). */
const GOODS: readonly ProductId[] = INVENTORY_ORDER;

function Goods() {
  const { t } = useTranslation();
  const format = useFormat();
  const http = useHttp();
  const load = useCallback((signal: AbortSignal) => loadGoods(http, signal), [http]);
  const state = useAsync(load);

  if (state.status === 'rejected') {
    return <LoadError text={t('profile.goodsFailed')} onRetry={state.retry} />;
  }
  const goods = state.data;
  if (!goods) return <SkeletonBlock height={168} />;
  return (
    <ul className="goods" data-testid="goods">
      {GOODS.map((id) => {
        const product = productById(id);
        const count = goods[String(id)] ?? 0;
        return (
          <li key={id} className={count > 0 ? 'goods__item goods__item--have' : 'goods__item'}>
            <span className="goods__name">{product ? t(`profile.goods.${product.key}`) : id}</span>
            <span className="goods__count pixel-num">
              {product?.permanent ? (count > 0 ? t('profile.owned') : '—') : format.compact(count)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** Own profile only (SPEC §6): goods counts, the pixel lists and what pixels cost. */
export function InventoryTab() {
  const { t } = useTranslation();
  return (
    <div className="inventory">
      <section aria-labelledby="goods-title">
        <h3 id="goods-title" className="profile-section__title pixel-text">
          {t('profile.goodsTitle')}
        </h3>
        <Goods />
      </section>
      <PixelLists />
      <PixelPrices />
    </div>
  );
}
