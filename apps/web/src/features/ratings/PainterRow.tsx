import type { PlayerRatingEntry } from '@pixel-wall/shared';
import { formatRank, truncate } from '@pixel-wall/shared/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { Avatar } from '../../ui/Avatar/Avatar.tsx';

export function rankClass(rank: number): string {
  return rank >= 1 && rank <= 3 ? `player-row__rank player-row__rank--${rank}` : 'player-row__rank';
}

/** A painter on a board: rank, avatar (default if none), first name, repaints. */
export function PainterRow({ entry, onOpen }: { entry: PlayerRatingEntry; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <li>
      <button
        type="button"
        className="player-row"
        data-testid="painter-row"
        data-user-id={entry.id}
        onClick={() => onOpen(entry.id)}
      >
        <span className={rankClass(entry.rank)}>{formatRank(entry.rank)}</span>
        <Avatar src={entry.userPic} />
        <span className="player-row__main">
          <span className="player-row__name">{truncate(entry.firstName)}</span>
        </span>
        <span className="player-row__score" title={t('ratings.repaints')}>
          {format.compact(entry.repaints)}
        </span>
      </button>
    </li>
  );
}
