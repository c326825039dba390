import { useTranslation } from 'react-i18next';
import type { CanvasView } from '../../canvas/index.ts';

/** Zoom buttons: a tap is one 1.8× step; holding repeats every 90 ms (the view does the timing). */
export function ZoomControls({ view }: { view: CanvasView | null }) {
  const { t } = useTranslation();
  const hold = (dir: 1 | -1) => ({
    onPointerDown: (e: React.PointerEvent) => {
      e.currentTarget.setPointerCapture(e.pointerId);
      view?.startZoomRepeat(dir);
    },
    onPointerUp: () => view?.stopZoomRepeat(),
    onPointerCancel: () => view?.stopZoomRepeat(),
    onLostPointerCapture: () => view?.stopZoomRepeat(),
    onKeyDown: (e: React.KeyboardEvent) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        if (dir > 0) view?.zoomIn();
        else view?.zoomOut();
      }
    },
  });
  return (
    <fieldset className="wall-zoom panel">
      <legend className="visually-hidden">{t('wall.zoom')}</legend>
      <button type="button" className="wall-zoom__btn" aria-label={t('wall.zoomIn')} {...hold(1)}>
        +
      </button>
      <button type="button" className="wall-zoom__btn" aria-label={t('wall.zoomOut')} {...hold(-1)}>
        −
      </button>
      <button
        type="button"
        className="wall-zoom__btn wall-zoom__fit"
        aria-label={t('wall.fit')}
        onClick={() => view?.fit(true)}
      >
        ⤢
      </button>
    </fieldset>
  );
}
