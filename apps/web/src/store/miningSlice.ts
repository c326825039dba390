import type { MiningStatus, RepaintResult } from '@pixel-wall/shared';
import { createSlice } from '@reduxjs/toolkit';
import { type ApiErrorInfo, toErrorInfo } from '../api/errors.ts';
import { signedOut } from './actions.ts';
import type { AsyncStatus } from './asyncStatus.ts';
import type { RootState } from './index.ts';
import { createAppThunk } from './thunk.ts';

/**
 * Charges as last reported by the server, stamped with the client time they arrived. The live
 * count is derived from it (see store/charges.ts) so no clock skew creeps in.
 */
export interface ChargesSnapshot {
  charges: number;
  maxCharges: number;
  /** ms per charge */
  reChargeSpeed: number;
  /** ms until the next charge at `syncedAt`; 0 at max */
  reChargeTimer: number;
  /** client epoch ms */
  syncedAt: number;
}

export interface MiningState {
  status: AsyncStatus;
  data: MiningStatus | null;
  charges: ChargesSnapshot | null;
  error: ApiErrorInfo | null;
}

const initialState: MiningState = { status: 'idle', data: null, charges: null, error: null };

export const fetchMiningStatus = createAppThunk<{ status: MiningStatus; receivedAt: number }, void>(
  'mining/fetchStatus',
  async (_arg, { extra, rejectWithValue, signal }) => {
    try {
      const status = await extra.http.get<MiningStatus>('/mining/status', { signal });
      return { status, receivedAt: Date.now() };
    } catch (error) {
      return rejectWithValue(toErrorInfo(error));
    }
  },
  { condition: (_arg, { getState }) => getState().mining.status !== 'pending' },
);

type ChargeUpdate = Pick<RepaintResult, 'charges' | 'maxCharges' | 'reChargeTimer' | 'reChargeSpeed'>;

function snapshot(update: ChargeUpdate, at: number): ChargesSnapshot {
  return {
    charges: update.charges,
    maxCharges: update.maxCharges,
    reChargeSpeed: update.reChargeSpeed,
    reChargeTimer: update.reChargeTimer,
    syncedAt: at,
  };
}

const miningSlice = createSlice({
  name: 'mining',
  initialState,
  reducers: {
    /** Applies the charges a paint (or blast) result reports. */
    chargeSpent: {
      reducer(state, action: { payload: { result: ChargeUpdate; at: number } }) {
        const { result, at } = action.payload;
        state.charges = snapshot(result, at);
        if (state.data) {
          state.data.charges = result.charges;
          state.data.maxCharges = result.maxCharges;
          state.data.reChargeSpeed = result.reChargeSpeed;
          state.data.reChargeTimer = result.reChargeTimer;
        }
      },
      prepare: (result: ChargeUpdate) => ({ payload: { result, at: Date.now() } }),
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchMiningStatus.pending, (state) => {
        state.status = 'pending';
        state.error = null;
      })
      .addCase(fetchMiningStatus.fulfilled, (state, action) => {
        state.status = 'fulfilled';
        state.data = action.payload.status;
        state.charges = snapshot(action.payload.status, action.payload.receivedAt);
      })
      .addCase(fetchMiningStatus.rejected, (state, action) => {
        state.status = 'rejected';
        state.error = action.payload ?? toErrorInfo(action.error.message);
      })
      .addCase(signedOut, () => initialState);
  },
});

export const { chargeSpent } = miningSlice.actions;
export const miningReducer = miningSlice.reducer;

export const selectMining = (state: RootState) => state.mining.data;
export const selectMiningLoad = (state: RootState) => state.mining.status;
export const selectCharges = (state: RootState) => state.mining.charges;
