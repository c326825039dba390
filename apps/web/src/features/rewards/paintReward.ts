import type { RepaintResult } from '@pixel-wall/shared';
import type { PaintReward } from './PixelRewardPopup.tsx';

/** The reward a paint or blast result carries (SPEC §3 paint reward), or null. */
export function paintRewardOf(
  result: Pick<RepaintResult, 'reward' | 'reward_type' | 'reward_user'>,
): PaintReward | null {
  if (result.reward_type !== 'goods' && result.reward_type !== 'token') return null;
  return {
    type: result.reward_type,
    amount: result.reward,
    rewardUserId: result.reward_user,
    goodId: null,
    name: null,
  };
}
