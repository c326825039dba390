import { FRIENDS_PAGE_SIZE } from '@pixel-wall/shared';
import { truncate } from '@pixel-wall/shared/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/useHttp.ts';
import { useFormat } from '../../i18n/format.ts';
import { useAppDispatch } from '../../store/hooks.ts';
import { popupPushed } from '../../store/uiSlice.ts';
import { Avatar } from '../../ui/Avatar/Avatar.tsx';
import { LoadMoreButton } from '../../ui/list/LoadMoreButton.tsx';
import { isFirstLoad } from '../../ui/list/pagination.ts';
import { SkeletonRows } from '../../ui/list/SkeletonRows.tsx';
import { usePagedList } from '../../ui/list/usePagedList.ts';
import { type Friend, loadFriends } from './api.ts';

export function FriendsList() {
  const { t } = useTranslation();
  const format = useFormat();
  const http = useHttp();
  const dispatch = useAppDispatch();
  const load = useCallback(
    (offset: number, limit: number, signal: AbortSignal) => loadFriends(http, offset, limit, signal),
    [http],
  );
  const { state, loadMore } = usePagedList<Friend, null>({
    key: 'friends',
    pageSize: FRIENDS_PAGE_SIZE,
    assumedTotal: FRIENDS_PAGE_SIZE,
    load,
  });

  if (isFirstLoad(state)) return <SkeletonRows count={3} />;
  if (state.status === 'fulfilled' && state.items.length === 0) {
    return <p className="player-list__empty">{t('invite.noFriends')}</p>;
  }
  return (
    <>
      <ul className="player-list" data-testid="friends-list">
        {state.items.map((friend) => (
          <li key={friend.id}>
            <button
              type="button"
              className="player-row"
              onClick={() => dispatch(popupPushed({ kind: 'painter', props: { userId: friend.id } }))}
            >
              <Avatar src={friend.userPic} />
              <span className="player-row__main">
                <span className="player-row__name">{truncate(friend.firstName)}</span>
              </span>
              <span className="player-row__score">
                {format.compact(friend.repaints)}
                <small>{t('invite.repaints')}</small>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <LoadMoreButton state={state} onLoadMore={loadMore} failure={t('invite.friendsFailed')} />
    </>
  );
}
