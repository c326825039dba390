import type { MyPlace, User } from '@pixel-wall/shared';
import { formatRank, truncate } from '@pixel-wall/shared/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../i18n/format.ts';
import { Avatar } from '../../ui/Avatar/Avatar.tsx';
import { leagueLabel } from '../profile/InfoTab.tsx';
import { rankClass } from './PainterRow.tsx';

/**
 * The signed-in player's own place, pinned above the board (SPEC §2): highlighted border, avatar,
 * first name, league, and the rank only when there is one (999+ from 1000).
 */
export function PinnedRow({ user, place, loading }: { user: User; place: MyPlace | null; loading: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const rank = formatRank(place?.rank ?? 0);
  return (
    <Link to="/my-profile" className="player-row player-row--pinned" data-testid="pinned-row">
      {rank ? (
        <span className={rankClass(place?.rank ?? 0)} data-testid="pinned-rank">
          {rank}
        </span>
      ) : (
        // No place yet: the column stays, empty, so the row lines up with the board.
        <span className="player-row__rank" aria-hidden="true" />
      )}
      <Avatar src={user.userPic} />
      <span className="player-row__main">
        <span className="player-row__name">{truncate(user.firstName)}</span>
        <span className="player-row__sub">
          {leagueLabel(t, place?.league ?? user.league)} · {t('ratings.you')}
        </span>
      </span>
      <span className="player-row__score">
        {place ? format.compact(place.repaints) : loading ? '…' : '—'}
      </span>
    </Link>
  );
}
