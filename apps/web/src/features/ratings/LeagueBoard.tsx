import {
  type League,
  type MyPlace,
  type PlayerRatingEntry,
  RATINGS_ASSUMED_TOTAL,
  RATINGS_PAGE_SIZE,
} from '@pixel-wall/shared';
import { LEAGUES } from '@pixel-wall/shared/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/useHttp.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { selectSignedIn } from '../../store/sessionSlice.ts';
import { popupPushed } from '../../store/uiSlice.ts';
import { selectUser } from '../../store/userSlice.ts';
import { LoadMoreButton } from '../../ui/list/LoadMoreButton.tsx';
import { isFirstLoad } from '../../ui/list/pagination.ts';
import { SkeletonRows } from '../../ui/list/SkeletonRows.tsx';
import { usePagedList } from '../../ui/list/usePagedList.ts';
import { Tabs } from '../../ui/Tabs/Tabs.tsx';
import { loadLeague } from './api.ts';
import { PainterRow } from './PainterRow.tsx';
import { PinnedRow } from './PinnedRow.tsx';

export interface LeagueBoardProps {
  league: League;
  onLeague: (league: League) => void;
}

/** The painters of one league (GET /ratings/personal), with the player's own place pinned on top. */
export function LeagueBoard({ league, onLeague }: LeagueBoardProps) {
  const { t } = useTranslation();
  const http = useHttp();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectSignedIn);
  const user = useAppSelector(selectUser);
  const load = useCallback(
    (offset: number, limit: number, signal: AbortSignal) => loadLeague(http, league, offset, limit, signal),
    [http, league],
  );
  const { state, loadMore } = usePagedList<PlayerRatingEntry, MyPlace | null>({
    key: `league:${league}`,
    pageSize: RATINGS_PAGE_SIZE,
    assumedTotal: RATINGS_ASSUMED_TOTAL,
    load,
  });
  const openPainter = (userId: number) => dispatch(popupPushed({ kind: 'painter', props: { userId } }));
  const empty = state.items.length === 0 && state.status === 'fulfilled';

  return (
    <div className="ratings-board" data-testid="league-board">
      <Tabs
        variant="switch"
        label={t('ratings.league')}
        value={league}
        onChange={onLeague}
        items={LEAGUES.map((id) => ({ id, label: t(`ratings.leagues.${id}`) }))}
      />
      {signedIn && user && user.league === league && (
        <PinnedRow
          user={user}
          place={state.extra}
          loading={state.status === 'pending' || state.status === 'idle'}
        />
      )}
      {isFirstLoad(state) ? (
        <SkeletonRows count={RATINGS_PAGE_SIZE} />
      ) : empty ? (
        <p className="player-list__empty">{t('ratings.noLeaguePainters')}</p>
      ) : (
        <ol className="player-list" data-testid="league-list">
          {state.items.map((entry) => (
            <PainterRow key={entry.id} entry={entry} onOpen={openPainter} />
          ))}
        </ol>
      )}
      {!isFirstLoad(state) && !empty && (
        <LoadMoreButton state={state} onLoadMore={loadMore} failure={t('ratings.loadFailed')} />
      )}
    </div>
  );
}
