import type { SquadRatingDetails } from '@pixel-wall/shared';
import { formatRank, truncate, truncateSquadName, truncateSquadSlug } from '@pixel-wall/shared/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { useAppDispatch } from '../../store/hooks.ts';
import { popupPushed } from '../../store/uiSlice.ts';
import { Avatar } from '../../ui/Avatar/Avatar.tsx';
import { StatGrid } from '../../ui/StatGrid/StatGrid.tsx';
import { Tabs } from '../../ui/Tabs/Tabs.tsx';
import { SquadMembership } from './SquadMembership.tsx';
import '../../ui/LoadError/load-state.css';
import '../../ui/list/list.css';
import './squads.css';

type SquadTab = 'info' | 'painters';

export function SquadHeader({ squad }: { squad: Pick<SquadRatingDetails, 'name' | 'slug' | 'logo'> }) {
  return (
    <div className="squad-head">
      <Avatar src={squad.logo} size={72} kind="squad" />
      <div className="squad-head__text">
        <h2 className="squad-head__name pixel-text" data-testid="squad-name">
          {truncateSquadName(squad.name)}
        </h2>
        <span className="squad-head__slug">{truncateSquadSlug(squad.slug)}</span>
      </div>
    </div>
  );
}

function SquadInfo({ squad }: { squad: SquadRatingDetails }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <StatGrid
      testId="squad-info"
      items={[
        { id: 'players', label: t('squads.players'), value: format.compact(squad.players) },
        { id: 'scored', label: t('squads.scoredRepaints'), value: format.compact(squad.scoredRepaints) },
        { id: 'total', label: t('squads.totalRepaints'), value: format.compact(squad.totalRepaints) },
        { id: 'league', label: t('squads.league'), value: t(`ratings.leagues.${squad.league}`), text: true },
        { id: 'rank', label: t('squads.rank'), value: formatRank(squad.rank) || '—' },
      ]}
    />
  );
}

function SquadPainters({ squad }: { squad: SquadRatingDetails }) {
  const { t } = useTranslation();
  const format = useFormat();
  const dispatch = useAppDispatch();
  if (squad.top.length === 0) return <p className="player-list__empty">{t('squads.noPainters')}</p>;
  return (
    <ol className="player-list">
      {squad.top.map((painter) => (
        <li key={painter.id}>
          <button
            type="button"
            className="player-row"
            onClick={() => dispatch(popupPushed({ kind: 'painter', props: { userId: painter.id } }))}
          >
            <span className="player-row__rank">{formatRank(painter.rank)}</span>
            <Avatar src={painter.userPic} />
            <span className="player-row__main">
              <span className="player-row__name">{truncate(painter.firstName)}</span>
            </span>
            <span className="player-row__score">{format.compact(painter.repaints)}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}

/** SPEC §2 squad page and popup: logo, name, slug, join or leave, and the Info tab. */
export function SquadView({ squad, onChanged }: { squad: SquadRatingDetails; onChanged?: () => void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<SquadTab>('info');
  return (
    <div className="squad-view">
      <SquadHeader squad={squad} />
      <SquadMembership squad={squad} {...(onChanged ? { onChanged } : {})} />
      <Tabs
        label={t('squads.tabs')}
        value={tab}
        onChange={setTab}
        items={[
          { id: 'info', label: t('squads.info') },
          { id: 'painters', label: t('squads.painters') },
        ]}
      />
      {tab === 'info' ? <SquadInfo squad={squad} /> : <SquadPainters squad={squad} />}
    </div>
  );
}
