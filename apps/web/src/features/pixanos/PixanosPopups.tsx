import type { PixanosRatingEntry, WallEvent } from '@pixel-wall/shared';
import { PIXANOS_PAGE_SIZE } from '@pixel-wall/shared/core';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useHttp } from '../../api/useHttp.ts';
import { whenWallRuntime } from '../../api/wall/runtime.ts';
import { useFormat } from '../../i18n/format.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { selectAnimations } from '../../store/uiSlice.ts';
import { Popup } from '../../ui/Popup/Popup.tsx';
import { loadPixanosRating } from './api.ts';
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

/** The Pixanos rating: snappers by pixels repainted, 10 a page with "more". */
export function PixanosRatingPopup({ onClose }: { onClose(): void }) {
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
    <Popup
      title={t('pixanos.ratingTitle')}
      onClose={onClose}
      testId="pixanos-rating"
      className="pixanos-rating"
    >
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
    </Popup>
  );
}
