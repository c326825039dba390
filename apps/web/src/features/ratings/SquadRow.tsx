import type { SquadRatingEntry } from '@pixel-wall/shared';
import { formatRank, truncateSquadName } from '@pixel-wall/shared/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { Avatar } from '../../ui/Avatar/Avatar.tsx';
import { rankClass } from './PainterRow.tsx';

export interface SquadRowProps {
  squad: Pick<SquadRatingEntry, 'id' | 'name' | 'logo' | 'scoredRepaints'>;
  rank: number;
  opening: boolean;
  onOpen: (id: number) => void;
  /** The player's own squad: highlighted, with the 'your squad' label. */
  own?: boolean;
}

export function SquadRow({ squad, rank, opening, onOpen, own = false }: SquadRowProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const shownRank = formatRank(rank);
  return (
    <button
      type="button"
      className={own ? 'player-row player-row--pinned' : 'player-row'}
      data-testid={own ? 'own-squad-row' : 'squad-row'}
      aria-busy={opening}
      onClick={() => onOpen(squad.id)}
    >
      <span className={rankClass(rank)}>{shownRank}</span>
      <Avatar src={squad.logo} kind="squad" />
      <span className="player-row__main">
        <span className="player-row__name">{truncateSquadName(squad.name)}</span>
        {own && <span className="player-row__tag">{t('ratings.yourSquad')}</span>}
      </span>
      <span className="player-row__score">
        {opening ? <span className="spinner" aria-hidden="true" /> : format.compact(squad.scoredRepaints)}
      </span>
    </button>
  );
}
