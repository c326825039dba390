import type { PixanosEvent, PixanosRatingEntry, WallEvent } from '@pixel-wall/shared';
import { PIXANOS_PAGE_SIZE, ProductId } from '@pixel-wall/shared/core';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useHttp } from '../../api/useHttp.ts';
import { whenWallRuntime } from '../../api/wall/runtime.ts';
import { useFormat } from '../../i18n/format.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { selectSignedIn } from '../../store/sessionSlice.ts';
import { goodsCount, useShop } from '../../store/shopStore.ts';
import { selectAnimations } from '../../store/uiSlice.ts';
import { activeWallColor, snapColor } from '../../ui/colors.ts';
import { LoadError } from '../../ui/LoadError/LoadError.tsx';
import { LoadMoreButton } from '../../ui/list/LoadMoreButton.tsx';
import { isFirstLoad } from '../../ui/list/pagination.ts';
import { SkeletonRows } from '../../ui/list/SkeletonRows.tsx';
import { usePagedList } from '../../ui/list/usePagedList.ts';
import { Popup } from '../../ui/Popup/Popup.tsx';
import { Tabs } from '../../ui/Tabs/Tabs.tsx';
import { loadPixanosRating, loadSnapHistory } from './api.ts';
import { buySnapFromRating } from './purchase.ts';
import { motionAllowed, snapStore } from './snapState.ts';
import './pixanos.css';

/**
 * Lives on every page: a Pixanos' Snap from the socket starts the show (the Wall's effects layer
 * plays it), brings the player back to /, and the event popup follows; the rating opens from it.
 */
export function PixanosPopups() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const animations = useAppSelector(selectAnimations);
  const settings = useRef({ animations, pathname });
  settings.current = { animations, pathname };
  const snap = useSyncExternalStore(snapStore.subscribe, snapStore.get);
  const [ratingOpen, setRatingOpen] = useState(false);

  useEffect(() => {
    let unsubscribe = () => {};
    const cancel = whenWallRuntime((runtime) => {
      unsubscribe = runtime.subscribeEvents((event) => {
        if (event.kind !== 'snap') return;
        // The sync repaints right after this call: keep the wall as it was for the animation.
        const before = new Uint8ClampedArray(runtime.store.rgba);
        snapStore.start(event, before, motionAllowed(settings.current.animations), performance.now());
        if (settings.current.pathname !== '/') navigate('/');
      });
    });
    return () => {
      cancel();
      unsubscribe();
    };
  }, [navigate]);

  return (
    <>
      {snap?.popup ? (
        <SnapPopup
          event={snap.event}
          onClose={() => snapStore.closePopup()}
          onRating={() => {
            snapStore.closePopup();
            setRatingOpen(true);
          }}
        />
      ) : null}
      {ratingOpen ? <PixanosRatingPopup onClose={() => setRatingOpen(false)} /> : null}
    </>
  );
}

export function SnapPopup({
  event,
  onClose,
  onRating,
}: {
  event: WallEvent;
  onClose(): void;
  onRating(): void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Popup
      title={t('pixanos.eventTitle')}
      onClose={onClose}
      glow
      testId="pixanos-popup"
      className="pixanos-popup"
    >
      <div className="pixanos-popup__who">
        {event.user.userPic ? (
          <img className="pixanos-popup__pic" src={event.user.userPic} alt="" width={48} height={48} />
        ) : (
          <span className="pixanos-popup__pic pixanos-popup__pic--none" aria-hidden="true">
            {event.user.firstName.slice(0, 1).toUpperCase() || '?'}
          </span>
        )}
        <p className="pixanos-popup__text">
          <strong data-testid="pixanos-snapper">{event.user.firstName || t('pixanos.someone')}</strong>{' '}
          {t('pixanos.snapped', { percentage: format.number(event.percentage ?? 0) })}
        </p>
      </div>
      <p className="pixanos-popup__color">
        <span className="pixanos-popup__swatch" style={{ background: event.color }} aria-hidden="true" />
        {t('pixanos.colour', { color: event.color ?? '' })}
      </p>
      <p className="pixanos-popup__history">{t('pixanos.history')}</p>
      <button type="button" className="btn btn--primary pixanos-popup__rating" onClick={onRating}>
        {t('pixanos.openRating')}
      </button>
    </Popup>
  );
}

type RatingTab = 'rating' | 'history';

/**
 * The Pixanos rating: snappers by pixels repainted, 10 a page with "more"; History lists every
 * snap (GET /history/all); a signed-in player can buy a Snap from here.
 */
export function PixanosRatingPopup({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<RatingTab>('rating');
  return (
    <Popup
      title={t('pixanos.ratingTitle')}
      onClose={onClose}
      testId="pixanos-rating"
      className="pixanos-rating"
    >
      <Tabs
        items={[
          { id: 'rating', label: t('pixanos.tabRating') },
          { id: 'history', label: t('pixanos.tabHistory') },
        ]}
        value={tab}
        onChange={setTab}
        label={t('pixanos.ratingTitle')}
        variant="switch"
      />
      {tab === 'rating' ? <SnapperRating /> : <SnapHistory />}
      <BuySnapButton onShop={onClose} />
    </Popup>
  );
}

function SnapperRating() {
  const { t } = useTranslation();
  const format = useFormat();
  const http = useHttp();
  const [rows, setRows] = useState<PixanosRatingEntry[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [state, setState] = useState<'pending' | 'idle' | 'failed'>('pending');
  const abort = useRef<AbortController | null>(null);

  const load = useCallback(
    (offset: number) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setState('pending');
      loadPixanosRating(http, offset, PIXANOS_PAGE_SIZE, controller.signal).then(
        (page) => {
          if (controller.signal.aborted) return;
          setRows((old) => (offset === 0 ? page.rating : [...old, ...page.rating]));
          setTotal(page.total);
          setState('idle');
        },
        () => {
          if (!controller.signal.aborted) setState('failed');
        },
      );
    },
    [http],
  );
  useEffect(() => {
    load(0);
    return () => abort.current?.abort();
  }, [load]);

  return (
    <>
      {rows.length === 0 && state === 'idle' ? (
        <p className="pixanos-rating__empty">{t('pixanos.empty')}</p>
      ) : null}
      <ol className="pixanos-rating__list">
        {rows.map((r) => (
          <li key={r.user.id} className="pixanos-rating__row" data-testid="pixanos-rating-row">
            <span className="pixanos-rating__rank pixel-text">{format.integer(r.rank)}</span>
            <span className="pixanos-rating__swatch" style={{ background: r.lastColor }} aria-hidden="true" />
            <span className="pixanos-rating__name">{r.user.firstName}</span>
            <span className="pixanos-rating__pixels">
              {t('pixanos.pixels', { n: format.compact(r.pixels) })}
            </span>
          </li>
        ))}
      </ol>
      {state === 'failed' ? <p className="pixanos-rating__error">{t('pixanos.failed')}</p> : null}
      {state === 'pending' ? <p className="pixanos-rating__loading">{t('pixanos.loading')}</p> : null}
      {total !== null && rows.length < total && state !== 'pending' ? (
        <button type="button" className="btn pixanos-rating__more" onClick={() => load(rows.length)}>
          {t('pixanos.more')}
        </button>
      ) : null}
    </>
  );
}

/** History: every snap, newest first, with who snapped, the colour, the share and the date. */
function SnapHistory() {
  const { t } = useTranslation();
  const format = useFormat();
  const http = useHttp();
  const list = usePagedList<PixanosEvent, null>({
    key: 'snaps',
    pageSize: PIXANOS_PAGE_SIZE,
    assumedTotal: PIXANOS_PAGE_SIZE,
    load: async (offset, limit, signal) => {
      const page = await loadSnapHistory(http, offset, limit, signal);
      return { items: page.list, total: page.total, extra: null };
    },
  });
  const { state } = list;
  if (isFirstLoad(state)) return <SkeletonRows count={3} />;
  if (state.status === 'rejected' && state.items.length === 0)
    return <LoadError text={t('pixanos.historyFailed')} onRetry={list.reload} />;
  if (state.items.length === 0) return <p className="pixanos-rating__empty">{t('pixanos.historyEmpty')}</p>;
  return (
    <>
      <ol className="pixanos-rating__list">
        {state.items.map((e) => (
          <li key={e.id} className="pixanos-history__row" data-testid="pixanos-history-row">
            <span
              className="pixanos-rating__swatch"
              style={{ background: e.info.color }}
              aria-hidden="true"
            />
            <span className="pixanos-rating__name">{e.user.firstName || t('pixanos.someone')}</span>
            <span className="pixanos-rating__pixels">
              {t('pixanos.historyShare', { percentage: format.number(e.info.percentage) })}
            </span>
            <span className="pixanos-history__date">{format.dateTime(e.date)}</span>
          </li>
        ))}
      </ol>
      <LoadMoreButton state={state} onLoadMore={list.loadMore} failure={t('pixanos.historyFailed')} />
    </>
  );
}

/** Buys one Snap with Stars in the messenger (toast 'Success!' / 'Error, try again.'); else the shop. */
function BuySnapButton({ onShop }: { onShop(): void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectSignedIn);
  const shop = useShop();
  const [pending, setPending] = useState(false);
  if (!signedIn) return null;
  return (
    <button
      type="button"
      className="btn btn--primary pixanos-rating__buy"
      data-testid="pixanos-buy"
      disabled={pending}
      aria-busy={pending}
      onClick={() => {
        if (pending) return;
        setPending(true);
        void dispatch(
          buySnapFromRating(snapColor(activeWallColor(), goodsCount(shop.goods, ProductId.AllColors) > 0), {
            success: t('pixanos.buySuccess'),
            failed: t('pixanos.buyFailed'),
          }),
        ).then((outcome) => {
          setPending(false);
          if (outcome === 'shop') {
            onShop();
            navigate('/stars');
          }
        });
      }}
    >
      {pending ? <span className="spinner" aria-hidden="true" /> : null}
      {t('pixanos.buy')}
    </button>
  );
}
