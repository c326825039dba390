/**
 * The pixel lists of the inventory (SPEC §3, §7): the counts and worth, the pixels the player owns
 * now ("for sale", with their total price) and the ones others painted over ("sold"), each ten a
 * page with load more. A row opens its pixel on the Wall, selected and centred.
 */
import { buildPixelParam, PIXEL_LIST_PAGE_SIZE, pixelPrice } from '@pixel-wall/shared/core';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HttpClient } from '../../api/http.ts';
import { useHttp } from '../../api/useHttp.ts';
import { useFormat } from '../../i18n/format.ts';
import { selectPublicConfig } from '../../store/configSlice.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { showToast, wallViewSaved } from '../../store/uiSlice.ts';
import { copyText } from '../../ui/clipboard.ts';
import { Icon } from '../../ui/icons/Icon.tsx';
import { LoadError } from '../../ui/LoadError/LoadError.tsx';
import { LoadMoreButton } from '../../ui/list/LoadMoreButton.tsx';
import { hasMore, isFirstLoad, type PagedState } from '../../ui/list/pagination.ts';
import { SkeletonRows } from '../../ui/list/SkeletonRows.tsx';
import { type PageLoader, usePagedList } from '../../ui/list/usePagedList.ts';
import { pixelLink } from '../../ui/pixelLink.ts';
import { StatGrid } from '../../ui/StatGrid/StatGrid.tsx';
import { useAsync } from '../../ui/useAsync.ts';
import { loadMyPixels, loadMyPixelsCount, loadSoldPixels } from './api.ts';
import './inventory.css';

/** The zoom a pixel opens at on the Wall: the one a pixel link opens at. */
const OPEN_SCALE = 24;

interface ListedPixel {
  id: number;
  x: number;
  y: number;
  color: string;
}

type Worth = { totalPrice: number };

/** The Wall's address for the pixel: `/?startapp=x…_y…`, what a pixel link opens on this site. */
export function wallPathOf(x: number, y: number): string {
  return `/?startapp=${buildPixelParam(x, y)}`;
}

function PixelRow({ pixel, sub, testId }: { pixel: ListedPixel; sub: string; testId: string }) {
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
  // The Wall comes back at the view saved for it: this pixel, selected, in the middle.
  const open = () =>
    dispatch(
      wallViewSaved({
        camera: { x: pixel.x + 0.5, y: pixel.y + 0.5, scale: OPEN_SCALE },
        selected: { x: pixel.x, y: pixel.y },
      }),
    );
  return (
    <li className="player-row pixel-row" data-testid={testId}>
      <Link
        className="pixel-row__open"
        to={wallPathOf(pixel.x, pixel.y)}
        onClick={open}
        aria-label={t('inventory.openPixel', { x: pixel.x, y: pixel.y })}
      >
        <span className="pixel-row__chip" style={{ background: pixel.color }} aria-hidden="true" />
        <span className="player-row__main">
          <span className="player-row__name pixel-num">
            x {pixel.x} · y {pixel.y}
          </span>
          <span className="player-row__sub">{sub}</span>
        </span>
        <strong className="pixel-row__price pixel-num">
          {t('inventory.price', { price: format.integer(pixelPrice(pixel.id)) })}
        </strong>
      </Link>
      <button type="button" className="icon-btn" aria-label={t('wall.copyLink')} onClick={() => void copy()}>
        <Icon name="doc" size={20} />
      </button>
    </li>
  );
}

/** One paged list: skeleton rows, a failure with retry, the empty words, or the rows and load more. */
function PixelList<T extends ListedPixel>({
  id,
  title,
  state,
  loadMore,
  empty,
  failure,
  row,
}: {
  id: string;
  title: string;
  state: PagedState<T, Worth>;
  loadMore(): void;
  empty: string;
  failure: string;
  row(item: T): ReactNode;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const loaded = state.status === 'fulfilled' || state.extra !== null;
  let body: ReactNode;
  if (isFirstLoad(state)) body = <SkeletonRows count={3} />;
  else if (state.items.length === 0 && state.status === 'rejected')
    body = <LoadError text={failure} onRetry={loadMore} />;
  else if (state.items.length === 0) body = <p className="player-list__empty">{empty}</p>;
  else
    body = (
      <>
        <ul className="player-list">{state.items.map(row)}</ul>
        {/* A list that fits one page needs no button saying it is all there. */}
        {hasMore(state) || state.status !== 'fulfilled' || state.items.length > PIXEL_LIST_PAGE_SIZE ? (
          <LoadMoreButton
            state={state}
            onLoadMore={loadMore}
            failure={failure}
            exhausted={t('inventory.allShown')}
          />
        ) : null}
      </>
    );
  return (
    <section className="pixel-list" aria-labelledby={`${id}-title`} data-testid={id}>
      <h3 id={`${id}-title`} className="profile-section__title pixel-text">
        {title}
        {loaded && (
          <span className="profile-section__count pixel-num" data-testid={`${id}-count`}>
            {format.integer(state.total)}
          </span>
        )}
      </h3>
      {loaded && state.total > 0 && state.extra ? (
        <p className="pixel-list__total" data-testid={`${id}-total`}>
          {t('inventory.totalLine', {
            count: format.integer(state.total),
            price: format.integer(state.extra.totalPrice),
          })}
        </p>
      ) : null}
      {body}
    </section>
  );
}

function usePixelList<T extends ListedPixel>(
  key: string,
  loader: (
    http: HttpClient,
    offset: number,
    limit: number,
    signal: AbortSignal,
  ) => ReturnType<PageLoader<T, Worth>>,
) {
  const http = useHttp();
  const load = useCallback(
    (offset: number, limit: number, signal: AbortSignal) => loader(http, offset, limit, signal),
    [http, loader],
  );
  return usePagedList<T, Worth>({
    key,
    pageSize: PIXEL_LIST_PAGE_SIZE,
    assumedTotal: PIXEL_LIST_PAGE_SIZE,
    load,
  });
}

/** Counts and worth at a glance: '—' until known, or when the count did not load. */
function Summary({
  owned,
  forSale,
  sold,
}: {
  owned: number | null;
  forSale: PagedState<ListedPixel, Worth>;
  sold: PagedState<ListedPixel, Worth>;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const price = (state: PagedState<ListedPixel, Worth>) =>
    state.extra ? t('inventory.price', { price: format.integer(state.extra.totalPrice) }) : '—';
  const soldCount = sold.status === 'fulfilled' || sold.extra ? format.integer(sold.total) : '—';
  return (
    <StatGrid
      testId="pixel-stats"
      items={[
        { id: 'owned', label: t('inventory.owned'), value: owned === null ? '—' : format.integer(owned) },
        { id: 'worth', label: t('inventory.worth'), value: price(forSale) },
        { id: 'sold', label: t('inventory.sold'), value: soldCount },
        { id: 'soldWorth', label: t('inventory.soldWorth'), value: price(sold) },
      ]}
    />
  );
}

export function PixelLists() {
  const { t } = useTranslation();
  const format = useFormat();
  const http = useHttp();
  const loadCount = useCallback((signal: AbortSignal) => loadMyPixelsCount(http, signal), [http]);
  const count = useAsync(loadCount);
  const forSale = usePixelList('mypixels', loadMyPixels);
  const sold = usePixelList('mypixels-sold', loadSoldPixels);
  return (
    <>
      <section className="pixel-stats" aria-label={t('inventory.statsLabel')}>
        <Summary owned={count.data} forSale={forSale.state} sold={sold.state} />
      </section>
      <PixelList
        id="my-pixels"
        title={t('inventory.forSaleTitle')}
        state={forSale.state}
        loadMore={forSale.loadMore}
        empty={t('profile.noPixels')}
        failure={t('profile.pixelsFailed')}
        row={(pixel) => (
          <PixelRow
            key={pixel.id}
            pixel={pixel}
            sub={format.dateTime(pixel.dateObtained)}
            testId="my-pixel"
          />
        )}
      />
      <PixelList
        id="sold-pixels"
        title={t('inventory.soldTitle')}
        state={sold.state}
        loadMore={sold.loadMore}
        empty={t('inventory.noSold')}
        failure={t('inventory.soldFailed')}
        row={(pixel) => (
          <PixelRow
            key={pixel.id}
            pixel={pixel}
            sub={t('inventory.soldOn', { date: format.dateTime(pixel.dateSold) })}
            testId="sold-pixel"
          />
        )}
      />
    </>
  );
}
