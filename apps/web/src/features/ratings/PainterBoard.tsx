import {
  type MyPlace,
  type PlayerRatingEntry,
  RATINGS_ASSUMED_TOTAL,
  RATINGS_PAGE_SIZE,
  type User,
} from '@pixel-wall/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { selectSignedIn } from '../../store/sessionSlice.ts';
import { popupPushed } from '../../store/uiSlice.ts';
import { selectUser } from '../../store/userSlice.ts';
import { LoadMoreButton } from '../../ui/list/LoadMoreButton.tsx';
import { isFirstLoad } from '../../ui/list/pagination.ts';
import { SkeletonRows } from '../../ui/list/SkeletonRows.tsx';
import { type PageLoader, usePagedList } from '../../ui/list/usePagedList.ts';
import { PainterRow } from './PainterRow.tsx';
import { PinnedRow } from './PinnedRow.tsx';

export interface PainterBoardProps {
  /** the board's own test id and its list's */
  testId: string;
  listTestId: string;
  /** the paged list's cache key: a new key starts a new list */
  listKey: string;
  load: PageLoader<PlayerRatingEntry, MyPlace | null>;
  /** the switch over the board (periods, leagues) */
  header: ReactNode;
  /** whether the signed-in player's own place is pinned on top (their league only, say) */
  pinFor: (user: User) => boolean;
  emptyText: string;
}

/** One board of painters, paged, with the player's own place pinned on top: periods and leagues. */
export function PainterBoard({
  testId,
  listTestId,
  listKey,
  load,
  header,
  pinFor,
  emptyText,
}: PainterBoardProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectSignedIn);
  const user = useAppSelector(selectUser);
  const { state, loadMore } = usePagedList<PlayerRatingEntry, MyPlace | null>({
    key: listKey,
    pageSize: RATINGS_PAGE_SIZE,
    assumedTotal: RATINGS_ASSUMED_TOTAL,
    load,
  });
  const openPainter = (userId: number) => dispatch(popupPushed({ kind: 'painter', props: { userId } }));
  const empty = state.items.length === 0 && state.status === 'fulfilled';

  return (
    <div className="ratings-board" data-testid={testId}>
      {header}
      {signedIn && user && pinFor(user) && (
        <PinnedRow
          user={user}
          place={state.extra}
          loading={state.status === 'pending' || state.status === 'idle'}
        />
      )}
      {isFirstLoad(state) ? (
        <SkeletonRows count={RATINGS_PAGE_SIZE} />
      ) : empty ? (
        <p className="player-list__empty">{emptyText}</p>
      ) : (
        <ol className="player-list" data-testid={listTestId}>
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
