/**
 * Boosts bought with PX (paint reward, recharge speed, energy limit): what each level gives and
 * costs, from the shared tables, and the upgrade call (POST /mining/boosts/{id}/upgrade). The
 * levels come from /mining/status; the balance is the player's whole PX (pixelCoins).
 */
import type { BoostId, BoostUpgradeResponse, MiningStatus } from '@pixel-wall/shared';
import { BOOST_IDS, boostMaxLevel, boostPricePx, boostValueAt } from '@pixel-wall/shared/core';
import { ApiError } from '../../api/errors.ts';
import type { Formatter } from '../../i18n/format.ts';
import type { AppThunk } from '../../store/index.ts';
import { fetchMiningStatus } from '../../store/miningSlice.ts';
import { userPatched } from '../../store/userSlice.ts';

export interface BoostRow {
  id: BoostId;
  level: number;
  maxLevel: number;
  /** whole PX for the next level; null at the top */
  pricePx: number | null;
  /** what the boost gives now, and at the next level (null at the top) */
  value: number;
  nextValue: number | null;
  affordable: boolean;
}

type StatusFigures = Pick<MiningStatus, 'boosts'> &
  Partial<Pick<MiningStatus, 'maxCharges' | 'reChargeSpeed'>>;

/**
 * The three boosts in display order, with the player's levels (0 when the status lacks one).
 * Charges and recharge speed show what the server reports when it does: an operator's base may
 * beat the table, and a bought level never makes it worse (the server keeps the better one).
 */
export function boostRows(status: StatusFigures | null, pixelCoins: number): BoostRow[] {
  return BOOST_IDS.map((id) => {
    const known = status?.boosts.find((b) => b.id === id);
    const maxLevel = known?.maxLevel ?? boostMaxLevel(id);
    const level = Math.min(maxLevel, Math.max(0, known?.level ?? 0));
    const pricePx = level >= maxLevel ? null : boostPricePx(id, level);
    const reported =
      id === 'energyLimit' ? status?.maxCharges : id === 'rechargeSpeed' ? status?.reChargeSpeed : undefined;
    const value = reported && reported > 0 ? reported : boostValueAt(id, level);
    let nextValue = pricePx === null ? null : boostValueAt(id, level + 1);
    if (nextValue !== null && id === 'energyLimit') nextValue = Math.max(value, nextValue);
    if (nextValue !== null && id === 'rechargeSpeed') nextValue = Math.min(value, nextValue);
    return {
      id,
      level,
      maxLevel,
      pricePx,
      value,
      nextValue,
      affordable: pricePx !== null && pixelCoins >= pricePx,
    };
  });
}

/** '×1.5', '12', '9m 30s' (en); '×1,5' (de) */
export function formatBoostValue(format: Formatter, id: BoostId, value: number): string {
  if (id === 'paintReward') return `×${format.number(value)}`;
  if (id === 'rechargeSpeed') return format.duration(value, ['minute', 'second'], true);
  return format.integer(value);
}

export type UpgradeOutcome =
  | { kind: 'upgraded'; result: BoostUpgradeResponse }
  /** the balance does not cover the price */
  | { kind: 'poor' }
  /** already at the top */
  | { kind: 'max' }
  /** the level moved meanwhile (another device): the status was reloaded */
  | { kind: 'stale' }
  | { kind: 'failed'; message: string };

export function upgradeBoost(id: BoostId, fromLevel: number): AppThunk<Promise<UpgradeOutcome>> {
  return async (dispatch, _getState, { http, platform }) => {
    try {
      const result = await http.post<BoostUpgradeResponse>(`/mining/boosts/${id}/upgrade`, { fromLevel });
      dispatch(userPatched({ pixelCoins: result.pixelCoins }));
      // The new max and recharge speed arrive with the status (charges and timer from the engine).
      void dispatch(fetchMiningStatus());
      platform.haptic('success');
      return { kind: 'upgraded', result };
    } catch (error) {
      platform.haptic('error');
      const code = error instanceof ApiError ? error.code : null;
      if (code === 'NOT_ENOUGH_PX') return { kind: 'poor' };
      if (code === 'MAX_LEVEL') return { kind: 'max' };
      if (code === 'CONFLICT') {
        void dispatch(fetchMiningStatus());
        return { kind: 'stale' };
      }
      return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
  };
}
