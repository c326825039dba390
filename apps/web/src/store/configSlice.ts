import type { PublicConfig } from '@pixel-wall/shared';
import { createSlice } from '@reduxjs/toolkit';
import { toErrorInfo } from '../api/errors.ts';
import type { AsyncStatus } from './asyncStatus.ts';
import type { RootState } from './index.ts';
import { createAppThunk } from './thunk.ts';

export interface ConfigState {
  status: AsyncStatus;
  data: PublicConfig | null;
}

const initialState: ConfigState = { status: 'idle', data: null };

/** GET /config: which sign-in methods this server offers, the bot, the app link. */
export const fetchPublicConfig = createAppThunk<PublicConfig, void>(
  'config/fetch',
  async (_arg, { extra, rejectWithValue }) => {
    try {
      return await extra.auth.getPublicConfig();
    } catch (error) {
      return rejectWithValue(toErrorInfo(error));
    }
  },
  {
    condition: (_arg, { getState }) =>
      getState().config.status === 'idle' || getState().config.status === 'rejected',
  },
);

const configSlice = createSlice({
  name: 'config',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchPublicConfig.pending, (state) => {
        state.status = 'pending';
      })
      .addCase(fetchPublicConfig.fulfilled, (state, action) => {
        state.status = 'fulfilled';
        state.data = action.payload;
      })
      .addCase(fetchPublicConfig.rejected, (state) => {
        state.status = 'rejected';
      });
  },
});

export const configReducer = configSlice.reducer;
export const selectPublicConfig = (state: RootState) => state.config.data;
