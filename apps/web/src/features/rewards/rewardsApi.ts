/** Reward calls (SPEC §7 Rewards) as thunks; each reports plainly whether it worked. */
import type { PayoutStatus, RewardList, RewardStats, UnclaimedList } from '@pixel-wall/shared';
import type { HttpClient } from '../../api/http.ts';
import { getParsed } from '../../api/useHttp.ts';
import type { AppThunk } from '../../store/index.ts';
import { loadBuyList } from '../../store/shopStore.ts';

export function fetchUnclaimed(): AppThunk<Promise<UnclaimedList['list'] | null>> {
  return async (_dispatch, _getState, { http }) => {
    try {
      return (await http.get<UnclaimedList>('/rewards/unclaimed/list')).list;
    } catch {
      return null;
    }
  };
}

/** POST /rewards/claim (200 or 204): the goods go into the inventory. */
export function claimGoods(rewardUserId: number): AppThunk<Promise<boolean>> {
  return async (dispatch, getState, { http }) => {
    const userId = getState().user.data?.id;
    if (!userId) return false;
    try {
      await http.post('/rewards/claim', { user_id: userId, reward_user_id: rewardUserId });
      void dispatch(loadBuyList());
      return true;
    } catch {
      return false;
    }
  };
}

export function fetchTokenRewards(): AppThunk<Promise<RewardList['list'] | null>> {
  return async (_dispatch, getState, { http }) => {
    const userId = getState().user.data?.id;
    if (!userId) return null;
    try {
      return (await http.get<RewardList>(`/rewards/tokens/${userId}`)).list;
    } catch {
      return null;
    }
  };
}

/** POST /tx-reward/claim or /tx-reward/burn {reward_id} (200 success). */
export function tokenRewardAction(rewardId: number, action: 'claim' | 'burn'): AppThunk<Promise<boolean>> {
  return async (_dispatch, _getState, { http }) => {
    try {
      await http.post(`/tx-reward/${action}`, { reward_id: rewardId });
      return true;
    } catch {
      return false;
    }
  };
}

/** GET /rewards/payouts: whether claims are being sent. A server without the route sends none. */
export function fetchPayoutStatus(): AppThunk<Promise<PayoutStatus>> {
  return async (_dispatch, _getState, { http }) => {
    try {
      return await http.get<PayoutStatus>('/rewards/payouts');
    } catch {
      return { enabled: false, wallet: null };
    }
  };
}

/** GET /rewards/tokens/obtain/progress → {total, count, reward_size}: PX obtained and still claimable. */
export function loadObtainProgress(http: HttpClient, signal: AbortSignal): Promise<RewardStats> {
  return getParsed(http, '/rewards/tokens/obtain/progress', (s) => s.rewardStatsResponse, { signal });
}
