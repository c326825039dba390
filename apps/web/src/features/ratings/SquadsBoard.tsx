import { RATINGS_ASSUMED_TOTAL, RATINGS_PAGE_SIZE, type SquadRatingEntry } from '@pixel-wall/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/useHttp.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { selectUser } from '../../store/userSlice.ts';
import { LoadMoreButton } from '../../ui/list/LoadMoreButton.tsx';
import { isFirstLoad } from '../../ui/list/pagination.ts';
import { SkeletonRows } from '../../ui/list/SkeletonRows.tsx';
import { usePagedList } from '../../ui/list/usePagedList.ts';
import { loadSquads, type OwnSquadPlace } from './api.ts';
import { JoinSquadButton } from './JoinSquadButton.tsx';
import { SecretSquadsIcon } from './SecretSquadsIcon.tsx';
import { SquadRow } from './SquadRow.tsx';
import { useOpenSquad } from './useOpenSquad.ts';

/** Squads of the platinum league, the player's own squad on top, a way in for those without one. */
export function SquadsBoard() {
  const { t } = useTranslation();
  const http = useHttp();
  const user = useAppSelector(selectUser);
  const { opening, open } = useOpenSquad();
  const load = useCallback(
    (offset: number, limit: number, signal: AbortSignal) => loadSquads(http, offset, limit, signal),
    [http],
  );
  const { state, loadMore } = usePagedList<SquadRatingEntry, OwnSquadPlace>({
    key: 'squads',
    pageSize: RATINGS_PAGE_SIZE,
    assumedTotal: RATINGS_ASSUMED_TOTAL,
    load,
  });
  const mySquad = state.extra?.mySquad ?? null;
  const empty = state.status === 'fulfilled' && state.items.length === 0;

  return (
    <div className="ratings-board" data-testid="squads-board">
      <div className="ratings-board__head">
        <SecretSquadsIcon />
        <span className="ratings-board__caption">{t('ratings.squadsCaption')}</span>
      </div>
      {!user?.squad && <JoinSquadButton />}
      {mySquad && (
        <SquadRow
          squad={mySquad}
          rank={state.extra?.MySquadPlace?.rank ?? mySquad.rank}
          opening={opening === mySquad.id}
          onOpen={open}
          own
        />
      )}
      {isFirstLoad(state) ? (
        <SkeletonRows count={RATINGS_PAGE_SIZE} />
      ) : empty ? (
        <p className="player-list__empty">{t('ratings.noSquads')}</p>
      ) : (
        <ol className="player-list" data-testid="squads-list">
          {state.items.map((squad) => (
            <li key={squad.id}>
              <SquadRow squad={squad} rank={squad.rank} opening={opening === squad.id} onOpen={open} />
            </li>
          ))}
        </ol>
      )}
      {!isFirstLoad(state) && !empty && (
        <LoadMoreButton state={state} onLoadMore={loadMore} failure={t('ratings.loadFailed')} />
      )}
    </div>
  );
}
