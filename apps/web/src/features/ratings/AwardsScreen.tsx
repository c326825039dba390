import { RATINGS_ASSUMED_TOTAL, REWARD_WINNERS_PAGE_SIZE } from '@pixel-wall/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/useHttp.ts';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { useAppDispatch } from '../../store/hooks.ts';
import { popupPushed } from '../../store/uiSlice.ts';
import { LoadError } from '../../ui/LoadError/LoadError.tsx';
import { LoadMoreButton } from '../../ui/list/LoadMoreButton.tsx';
import { isFirstLoad } from '../../ui/list/pagination.ts';
import { SkeletonRows } from '../../ui/list/SkeletonRows.tsx';
import { usePagedList } from '../../ui/list/usePagedList.ts';
import { CHANNEL_URL } from '../../ui/links.ts';
import { PlaceholderPage } from '../../ui/Placeholder/PlaceholderPage.tsx';
import { PlayerPopups } from '../profile/PlayerPopups.tsx';
import { AwardRow } from './AwardRow.tsx';
import { type AwardEntry, loadRewardWinners } from './api.ts';
import { RatingsNav } from './RatingsNav.tsx';
import '../../ui/list/list.css';
import './ratings.css';

/** Where to hear about the awards: the channel, as a link and a button. */
function ChannelLinks({ channel }: { channel: string }) {
  const { t } = useTranslation();
  const platform = usePlatform();
  return (
    <>
      <p className="awards__channel">
        <a
          href={channel}
          target="_blank"
          rel="noopener noreferrer"
          onClick={(event) => {
            event.preventDefault();
            platform.openLink(channel);
          }}
        >
          {t('ratings.channelLink')}
        </a>
      </p>
      <button
        type="button"
        className="btn btn--block awards__button"
        onClick={() => platform.openLink(channel)}
      >
        {t('ratings.openChannel')}
      </button>
    </>
  );
}

/**
 * SPEC §2 /ratings/awards: the players who won rewards (GET /ratings/rewardWinners), newest first,
 * paged; 'nothing yet' with the channel link while nobody has won anything.
 */
export function AwardsScreen() {
  const { t } = useTranslation();
  const http = useHttp();
  const dispatch = useAppDispatch();
  const channel = CHANNEL_URL;
  const load = useCallback(
    (offset: number, limit: number, signal: AbortSignal) => loadRewardWinners(http, offset, limit, signal),
    [http],
  );
  const { state, loadMore, reload } = usePagedList<AwardEntry, null>({
    key: 'awards',
    pageSize: REWARD_WINNERS_PAGE_SIZE,
    assumedTotal: RATINGS_ASSUMED_TOTAL,
    load,
  });
  const openPlayer = (userId: number) => dispatch(popupPushed({ kind: 'painter', props: { userId } }));
  const none = state.items.length === 0;

  if (none && state.status === 'fulfilled') {
    return (
      <>
        <div className="page">
          <RatingsNav />
        </div>
        <PlaceholderPage
          title={t('ratings.awards')}
          badge={t('ratings.probablyNothing')}
          text={t('ratings.nothingYet')}
          icon="trophy"
        >
          {channel && <ChannelLinks channel={channel} />}
        </PlaceholderPage>
      </>
    );
  }

  return (
    <>
      <section className="page ratings awards" data-testid="awards">
        <h1 className="page__title pixel-text">{t('ratings.awards')}</h1>
        <RatingsNav />
        <p className="awards__lead">{t('awards.lead')}</p>
        {isFirstLoad(state) ? (
          <SkeletonRows count={8} />
        ) : none ? (
          <LoadError text={t('awards.loadFailed')} onRetry={reload} />
        ) : (
          <>
            <ol className="player-list" data-testid="awards-list">
              {state.items.map((entry) => (
                <AwardRow key={entry.id} entry={entry} onOpen={openPlayer} />
              ))}
            </ol>
            <LoadMoreButton state={state} onLoadMore={loadMore} failure={t('awards.loadFailed')} />
          </>
        )}
        {channel && (
          <div className="awards__footer">
            <ChannelLinks channel={channel} />
          </div>
        )}
      </section>
      <PlayerPopups />
    </>
  );
}
