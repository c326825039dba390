import type { MouseEvent } from 'react';
import { Icon } from '../icons/Icon.tsx';
import { nudgedScroll } from './scrollCue.ts';

function nudge(event: MouseEvent<HTMLButtonElement>, direction: 'start' | 'end') {
  const row = event.currentTarget.parentElement?.querySelector<HTMLElement>('.scroll-cue');
  if (!row) return;
  row.scrollLeft = nudgedScroll(row.scrollLeft, row.clientWidth, row.scrollWidth, direction);
}

/**
 * Arrows over the ends of a sideways row (a `useScrollCue` row, placed just before them in a
 * `scroll-cue-frame`): each shows only while items lie hidden its way (the row's `data-more`,
 * read by the CSS) and a tap moves the row on. Every item stays reachable without them, by swipe
 * or keyboard focus, so they are left out of the accessibility tree and the tab order.
 */
export function ScrollCueArrows() {
  return (
    <>
      <button
        type="button"
        className="scroll-cue__arrow scroll-cue__arrow--start"
        aria-hidden="true"
        tabIndex={-1}
        onClick={(event) => nudge(event, 'start')}
      >
        <Icon name="chevron" size={18} />
      </button>
      <button
        type="button"
        className="scroll-cue__arrow scroll-cue__arrow--end"
        aria-hidden="true"
        tabIndex={-1}
        onClick={(event) => nudge(event, 'end')}
        data-testid="scroll-cue-next"
      >
        <Icon name="chevron" size={18} />
      </button>
    </>
  );
}
