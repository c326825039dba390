import type { MyPixel } from '@pixel-wall/shared';
import { INVENTORY_ORDER, PIXEL_LIST_PAGE_SIZE, type ProductId, productById } from '@pixel-wall/shared/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/useHttp.ts';
import { useFormat } from '../../i18n/format.ts';
import { selectPublicConfig } from '../../store/configSlice.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { showToast } from '../../store/uiSlice.ts';
import { copyText } from '../../ui/clipboard.ts';
import { Icon } from '../../ui/icons/Icon.tsx';
import { LoadError, SkeletonBlock } from '../../ui/LoadError/LoadError.tsx';
import { LoadMoreButton } from '../../ui/list/LoadMoreButton.tsx';
import { isFirstLoad } from '../../ui/list/pagination.ts';
import { SkeletonRows } from '../../ui/list/SkeletonRows.tsx';
import { usePagedList } from '../../ui/list/usePagedList.ts';
import { pixelLink } from '../../ui/pixelLink.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { loadGoods, loadMyPixels } from './api.ts';
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

function PixelRow({ pixel }: { pixel: MyPixel }) {
  const { t } = useTranslation();
  const format = useFormat();
  const dispatch = useAppDispatch();
  const config = useAppSelector(selectPublicConfig);
  const copy = async () => {
    const ok = await copyText(
      pixelLink(pixel.x, pixel.y, config?.botUsername ?? null, config?.appUrl ?? null),
    );
    dispatch(showToast(ok ? t('wall.linkCopied') : t('wall.linkFailed'), ok ? 'success' : 'error'));
  };
  return (
    <li className="player-row pixel-row">
      <span className="pixel-row__chip" style={{ background: pixel.color }} aria-hidden="true" />
      <span className="player-row__main">
        <span className="player-row__name pixel-num">
          x {pixel.x} · y {pixel.y}
        </span>
        <span className="player-row__sub">{format.dateTime(pixel.dateObtained)}</span>
      </span>
      <button type="button" className="icon-btn" aria-label={t('wall.copyLink')} onClick={() => void copy()}>
        <Icon name="doc" size={20} />
      </button>
    </li>
  );
}

function MyPixels() {
  const { t } = useTranslation();
  const format = useFormat();
  const http = useHttp();
  const load = useCallback(
    (offset: number, limit: number, signal: AbortSignal) => loadMyPixels(http, offset, limit, signal),
    [http],
  );
  const { state, loadMore } = usePagedList({
    key: 'mypixels',
    pageSize: PIXEL_LIST_PAGE_SIZE,
    assumedTotal: PIXEL_LIST_PAGE_SIZE,
    load,
  });
  return (
    <section className="my-pixels" aria-labelledby="my-pixels-title">
      <h3 id="my-pixels-title" className="profile-section__title pixel-text">
        {t('profile.myPixels')}
        {state.status === 'fulfilled' && (
          <span className="profile-section__count pixel-num" data-testid="my-pixels-count">
            {format.compact(state.total)}
          </span>
        )}
      </h3>
      {isFirstLoad(state) ? (
        <SkeletonRows count={3} />
      ) : state.items.length === 0 && state.status === 'fulfilled' ? (
        <p className="player-list__empty">{t('profile.noPixels')}</p>
      ) : (
        <>
          <ul className="player-list">
            {state.items.map((pixel) => (
              <PixelRow key={pixel.id} pixel={pixel} />
            ))}
          </ul>
          <LoadMoreButton state={state} onLoadMore={loadMore} failure={t('profile.pixelsFailed')} />
        </>
      )}
    </section>
  );
}

/** Own profile only (SPEC §6): goods counts and the pixels the player owns. */
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
      <MyPixels />
      <PixelPrices />
    </div>
  );
}
