import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { ScrollCueArrows } from '../../ui/ScrollCue/ScrollCueArrows.tsx';
import { useScrollCue } from '../../ui/ScrollCue/scrollCue.ts';
import { PX_TABS, type PxTab } from './tabs.ts';

/**
 * /px/{tab} switches: each replaces the history entry (Back leaves /px in one step), and the
 * current tab does nothing at all (SPEC §2).
 */
export function PxTabs({ current }: { current: PxTab }) {
  const { t } = useTranslation();
  // On a phone the tabs run off the side: the current one is scrolled into view, the rest fade
  // under an arrow that points at them.
  const row = useScrollCue<HTMLElement>(current);
  return (
    <div className="scroll-cue-frame px-tabs-frame">
      <nav ref={row} className="px-tabs" aria-label={t('px.tabs')}>
        {PX_TABS.map((id) => (
          <NavLink
            key={id}
            to={`/px/${id}`}
            replace
            className={
              id === current
                ? 'px-tabs__tab link-tab link-tab--on pixel-text'
                : 'px-tabs__tab link-tab pixel-text'
            }
            aria-current={id === current ? 'page' : undefined}
            onClick={(event) => {
              if (id === current) event.preventDefault();
            }}
          >
            {t(`px.${id}`)}
          </NavLink>
        ))}
      </nav>
      <ScrollCueArrows />
    </div>
  );
}
