import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { CanvasView, Pixel } from '../../canvas/index.ts';
import { VISIBLE_SCALE } from './paintMark.ts';

const never = () => () => {};
const zoomedIn = () => true;

/**
 * "Back to my last pixel": shown while the Wall is zoomed out so far that one pixel is a speck
 * (after a reload it opens on the whole canvas) and the player has painted here before. It renders
 * again only when that crosses the threshold, not on every camera move.
 */
export function LastPixelButton({
  view,
  pixel,
  onGo,
}: {
  view: CanvasView | null;
  pixel: Pixel | null;
  onGo(pixel: Pixel): void;
}) {
  const { t } = useTranslation();
  // Followed only while there is a pixel to go back to.
  const watch = pixel ? view : null;
  const speck = !useSyncExternalStore(
    watch ? watch.subscribe : never,
    watch ? () => watch.getSnapshot().scale >= VISIBLE_SCALE : zoomedIn,
  );
  if (!view || !pixel || !speck) return null;
  return (
    <button
      type="button"
      className="wall-last-pixel panel"
      data-testid="last-pixel"
      onClick={() => onGo(pixel)}
    >
      <span className="wall-last-pixel__mark" aria-hidden="true" />
      {t('wall.backToLastPixel')}
    </button>
  );
}
