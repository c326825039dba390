import type { UnclaimedList } from '@pixel-wall/shared';
import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../store/hooks.ts';
import { ClaimPopup } from './ClaimPopup.tsx';
import { type PaintReward, PixelRewardPopup } from './PixelRewardPopup.tsx';
import { RewardPopup } from './RewardPopup.tsx';
import { fetchUnclaimed } from './rewardsApi.ts';

/**
 * The Wall's reward overlays: the pixel reward after a paint that won, then its reward popup;
 * and, once per visit, the goods still waiting to be claimed.
 */
export function WallRewards({
  signedIn,
  reward,
  onDone,
}: {
  signedIn: boolean;
  reward: PaintReward | null;
  onDone(): void;
}) {
  const dispatch = useAppDispatch();
  const [detail, setDetail] = useState(false);
  const [resolved, setResolved] = useState<PaintReward | null>(null);
  const [unclaimed, setUnclaimed] = useState<UnclaimedList['list'] | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    let alive = true;
    void dispatch(fetchUnclaimed()).then((list) => {
      if (alive && list && list.length > 0) setUnclaimed(list);
    });
    return () => {
      alive = false;
    };
  }, [signedIn, dispatch]);

  // Goods won by a paint: find which product among the unclaimed ones.
  useEffect(() => {
    setDetail(false);
    setResolved(reward);
    if (reward?.type !== 'goods' || reward.rewardUserId === null) return;
    let alive = true;
    void dispatch(fetchUnclaimed()).then((list) => {
      const found = list?.find((g) => g.id === reward.rewardUserId);
      if (alive && found) setResolved({ ...reward, goodId: found.good_id, name: found.name });
    });
    return () => {
      alive = false;
    };
  }, [reward, dispatch]);

  if (resolved) {
    const close = () => {
      setResolved(null);
      onDone();
    };
    return detail ? (
      <RewardPopup reward={resolved} onClose={close} />
    ) : (
      <PixelRewardPopup reward={resolved} onClose={close} onOpen={() => setDetail(true)} />
    );
  }
  if (unclaimed) return <ClaimPopup goods={unclaimed} onClose={() => setUnclaimed(null)} />;
  return null;
}
