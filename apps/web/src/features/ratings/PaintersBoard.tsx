import {
  type MyPlace,
  type PlayerRatingEntry,
  RATING_PERIODS,
  RATINGS_ASSUMED_TOTAL,
  RATINGS_PAGE_SIZE,
  type RatingPeriod,
} from '@pixel-wall/shared';
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
import { loadPainters } from './api.ts';
import { PainterRow } from './PainterRow.tsx';
import { PinnedRow } from './PinnedRow.tsx';

export interface PaintersBoardProps {
  period: RatingPeriod;
  onPeriod: (period: RatingPeriod) => void;
}

/** Painters by repaints in a day, week or month, with the player's own place pinned on top. */
export function PaintersBoard({ period, onPeriod }: PaintersBoardProps) {
  const { t } = useTranslation();
  const http = useHttp();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectSignedIn);
  const user = useAppSelector(selectUser);
  const load = useCallback(
    (offset: number, limit: number, signal: AbortSignal) => loadPainters(http, period, offset, limit, signal),
    [http, period],
  );
  const { state, loadMore } = usePagedList<PlayerRatingEntry, MyPlace | null>({
    key: `painters:${period}`,
    pageSize: RATINGS_PAGE_SIZE,
    assumedTotal: RATINGS_ASSUMED_TOTAL,
    load,
  });
  const openPainter = (userId: number) => dispatch(popupPushed({ kind: 'painter', props: { userId } }));

  return (
    <div className="ratings-board" data-testid="painters-board">
      <Tabs
        variant="switch"
        label={t('ratings.period')}
        value={period}
        onChange={onPeriod}
        items={RATING_PERIODS.map((id) => ({ id, label: t(`ratings.periods.${id}`) }))}
      />
      {signedIn && user && (
        <PinnedRow
          user={user}
          place={state.extra}
          loading={state.status === 'pending' || state.status === 'idle'}
        />
      )}
      {isFirstLoad(state) ? (
        <SkeletonRows count={RATINGS_PAGE_SIZE} />
      ) : state.items.length === 0 && state.status === 'fulfilled' ? (
        <p className="player-list__empty">{t('ratings.noPainters')}</p>
      ) : (
        <ol className="player-list" data-testid="painters-list">
          {state.items.map((entry) => (
            <PainterRow key={entry.id} entry={entry} onOpen={openPainter} />
          ))}
        </ol>
      )}
      {!isFirstLoad(state) && !(state.status === 'fulfilled' && state.items.length === 0) && (
        <LoadMoreButton state={state} onLoadMore={loadMore} failure={t('ratings.loadFailed')} />
      )}
    </div>
  );
}
