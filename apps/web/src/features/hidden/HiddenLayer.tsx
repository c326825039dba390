/**
 * The hidden-template game over the wall: a chip that opens the instruction popup (shown by itself
 * after the first find on a device) with the rating tab, flying notices at painted pixels and reward
 * markers on found ones. Only the small notice components follow the camera, and only while
 * something is shown: panning re-renders nothing else.
 */
import type { HiddenStats } from '@pixel-wall/shared';
import { HIDDEN_MARKER_MS, HIDDEN_NOTICE_MS } from '@pixel-wall/shared/core';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/useHttp.ts';
import type { CanvasView } from '../../canvas/index.ts';
import { useFormat } from '../../i18n/format.ts';
import { fetchHiddenStats } from './api.ts';
import { HiddenPopup } from './HiddenPopup.tsx';
import { type HiddenNotice, isFlying, liveNotices } from './notices.ts';
import './hidden.css';

export const HIDDEN_INTRO_KEY = 'hidden-intro-seen';

export function HiddenLayer({
  view,
  notice,
  signedIn,
}: {
  view: CanvasView | null;
  /** the newest notice from a paint */
  notice: HiddenNotice | null;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const http = useHttp();
  const [stats, setStats] = useState<HiddenStats | null>(null);
  const [open, setOpen] = useState(false);
  const [notices, setNotices] = useState<HiddenNotice[]>([]);

  const refresh = useCallback(() => {
    fetchHiddenStats(http).then(setStats, () => {});
  }, [http]);
  useEffect(refresh, [refresh]);

  useEffect(() => {
    if (!notice) return;
    setNotices((list) => [...liveNotices(list, Date.now()), notice]);
    const timers: ReturnType<typeof setTimeout>[] = [];
    if (notice.result === 'gotcha') {
      refresh();
      // The first find on this device explains the game, once the notice has flown.
      if (signedIn && !localStorage.getItem(HIDDEN_INTRO_KEY)) {
        timers.push(
          setTimeout(() => {
            localStorage.setItem(HIDDEN_INTRO_KEY, '1');
            setOpen(true);
          }, HIDDEN_NOTICE_MS + 200),
        );
      }
    }
    timers.push(
      setTimeout(
        () => setNotices((list) => liveNotices(list, Date.now())),
        (notice.result === 'gotcha' ? HIDDEN_MARKER_MS : HIDDEN_NOTICE_MS) + 20,
      ),
    );
    return () => {
      for (const t of timers) clearTimeout(t);
    };
  }, [notice, refresh, signedIn]);

  return (
    <>
      {stats?.active ? (
        <button
          type="button"
          className={signedIn ? 'hidden-chip panel' : 'hidden-chip hidden-chip--first panel'}
          onClick={() => setOpen(true)}
          data-testid="hidden-chip"
        >
          <span className="hidden-chip__eye" aria-hidden="true">
            ?
          </span>
          <span className="pixel-num">
            {format.integer(stats.count)}/{format.integer(stats.awards)}
          </span>
          {/* The name starts with what is seen (WCAG 2.5.3), then says what the button opens. */}
          <span className="visually-hidden"> {t('hidden.chipLabel')}</span>
        </button>
      ) : null}
      {view && notices.length > 0 ? (
        <div className="hidden-layer" aria-live="polite">
          {notices.map((n) => (
            <NoticeAt key={n.id} view={view} notice={n} />
          ))}
        </div>
      ) : null}
      {open && stats ? (
        <HiddenPopup
          stats={stats}
          onClose={() => setOpen(false)}
          onShowArea={
            view && stats.area
              ? () => {
                  const a = stats.area!;
                  view.centreOn(a.x + a.size / 2, a.y + a.size / 2, 8);
                  setOpen(false);
                }
              : null
          }
        />
      ) : null}
    </>
  );
}

/** One notice, placed on its pixel and following the camera while it is shown. */
function NoticeAt({ view, notice }: { view: CanvasView; notice: HiddenNotice }) {
  const { t } = useTranslation();
  const format = useFormat();
  const cam = useSyncExternalStore(view.subscribe, view.getSnapshot);
  // The text flies for 1 s; a find's marker stays until the layer drops the notice (4 s).
  const [flying, setFlying] = useState(() => isFlying(notice, Date.now()));
  useEffect(() => {
    const timer = setTimeout(() => setFlying(false), Math.max(0, notice.at + HIDDEN_NOTICE_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [notice.at]);
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const measure = useCallback((el: HTMLDivElement | null) => {
    const parent = el?.parentElement;
    if (parent) setSize({ w: parent.clientWidth, h: parent.clientHeight });
  }, []);
  const left = size ? (notice.x + 0.5 - cam.x) * cam.scale + size.w / 2 : -9999;
  const top = size ? (notice.y + 0.5 - cam.y) * cam.scale + size.h / 2 : -9999;
  const marker = Math.max(12, cam.scale);
  return (
    <div ref={measure} className="hidden-notice__anchor" style={{ left, top }}>
      {notice.result === 'gotcha' ? (
        <span
          className="hidden-marker"
          style={{ width: marker, height: marker }}
          data-testid="hidden-marker"
        />
      ) : null}
      {flying ? (
        <span
          className={`hidden-notice hidden-notice--${notice.result} pixel-text`}
          role="status"
          data-testid="hidden-notice"
        >
          {notice.result === 'gotcha' ? t('hidden.gotcha') : t('hidden.wrong')}
          {notice.result === 'gotcha' ? <small> +{format.number(notice.amount)} PX</small> : null}
        </span>
      ) : null}
    </div>
  );
}
