/**
 * A row that scrolls sideways (the /px tabs, the shop's currency chips) on a phone: the active item
 * is scrolled into view, and a fade at an edge shows that more lies that way. The element's
 * `data-more` attribute says which edges hide something ('start', 'end', both or none); the CSS in
 * scrollCue.css draws the fades, and the arrows of ScrollCueArrows.tsx (placed after the row)
 * point at the hidden items. Nothing re-renders while the row scrolls.
 */
import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import './scrollCue.css';

/** Pixels of slack: a row scrolled to within this of an edge counts as at it (sub-pixel widths). */
const EDGE_SLACK = 2;

/** Which edges of a row hide items: '', 'start', 'end' or 'start end'. */
export function hiddenEdges(scrollLeft: number, clientWidth: number, scrollWidth: number): string {
  const edges: string[] = [];
  if (scrollLeft > EDGE_SLACK) edges.push('start');
  if (scrollLeft + clientWidth < scrollWidth - EDGE_SLACK) edges.push('end');
  return edges.join(' ');
}

/**
 * The scrollLeft that shows an item at `offsetLeft`..+`width` whole, centred when it has to move,
 * and stays put when the item is already in view.
 */
export function scrollToShow(
  scrollLeft: number,
  clientWidth: number,
  scrollWidth: number,
  offsetLeft: number,
  width: number,
): number {
  if (offsetLeft >= scrollLeft && offsetLeft + width <= scrollLeft + clientWidth) return scrollLeft;
  const centred = offsetLeft - (clientWidth - width) / 2;
  return Math.max(0, Math.min(scrollWidth - clientWidth, Math.round(centred)));
}

/** Share of the row's width an arrow's tap moves it by: the next items, with the last seen still in sight. */
export const NUDGE_SHARE = 0.75;

/** The scrollLeft after a tap on the arrow pointing to `direction`, never past either end. */
export function nudgedScroll(
  scrollLeft: number,
  clientWidth: number,
  scrollWidth: number,
  direction: 'start' | 'end',
): number {
  const step = Math.round(clientWidth * NUDGE_SHARE) * (direction === 'end' ? 1 : -1);
  return Math.max(0, Math.min(scrollWidth - clientWidth, scrollLeft + step));
}

const ACTIVE = '[aria-current="page"], [aria-pressed="true"], [aria-selected="true"]';

/**
 * Ties a scrolling row to its cues: give the ref to the row, and `active` (the current tab or
 * chip id) so the row scrolls to the new one when it changes.
 */
export function useScrollCue<T extends HTMLElement>(active: unknown): RefObject<T | null> {
  const ref = useRef<T>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the active item moved, find it anew
  useLayoutEffect(() => {
    const row = ref.current;
    const item = row?.querySelector<HTMLElement>(ACTIVE);
    if (!row || !item) return;
    // The item's offset from the row's own left edge, whatever its offsetParent is.
    const offset = item.getBoundingClientRect().left - row.getBoundingClientRect().left + row.scrollLeft;
    row.scrollLeft = scrollToShow(row.scrollLeft, row.clientWidth, row.scrollWidth, offset, item.offsetWidth);
  }, [active]);

  useEffect(() => {
    const row = ref.current;
    if (!row) return;
    row.classList.add('scroll-cue');
    const update = () =>
      row.setAttribute('data-more', hiddenEdges(row.scrollLeft, row.clientWidth, row.scrollWidth));
    update();
    row.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(row);
    return () => {
      row.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, []);

  return ref;
}
