import type { MiningClaimResponse } from '@pixel-wall/shared';
import type { AppThunk } from '../../store/index.ts';
import { fetchMiningStatus } from '../../store/miningSlice.ts';
import { userPatched } from '../../store/userSlice.ts';

/** GET /mining/claim: the accrued PX move into the balance, and the clock restarts. */
export function claimMining(): AppThunk<Promise<MiningClaimResponse | null>> {
  return async (dispatch, _getState, { http, platform }) => {
    try {
      const result = await http.get<MiningClaimResponse>('/mining/claim');
      dispatch(userPatched({ pixelCoins: result.pixelCoins }));
      void dispatch(fetchMiningStatus());
      platform.haptic('success');
      return result;
    } catch {
      platform.haptic('error');
      return null;
    }
  };
}
