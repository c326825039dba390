import type { User } from '@pixel-wall/shared';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { type ApiErrorInfo, toErrorInfo } from '../api/errors.ts';
import { signedOut } from './actions.ts';
import type { AsyncStatus } from './asyncStatus.ts';
import type { RootState } from './index.ts';
import { createAppThunk } from './thunk.ts';

export interface UserState {
  status: AsyncStatus;
  data: User | null;
  error: ApiErrorInfo | null;
}

const initialState: UserState = { status: 'idle', data: null, error: null };

type MeBody = User | { error: unknown };

function bodyError(body: MeBody): ApiErrorInfo | null {
  if (!('error' in body) || body.error === undefined || body.error === null) return null;
  const error = body.error;
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    return {
      status: 200,
      code: typeof code === 'string' ? code : 'USER_ERROR',
      message: typeof message === 'string' ? message : 'User data is unavailable',
      requestId: null,
    };
  }
  return { status: 200, code: 'USER_ERROR', message: String(error), requestId: null };
}

/** GET /users/me; an `error` field in the body is passed on as the rejection (SPEC §8). */
export const fetchMe = createAppThunk<User, { signal?: AbortSignal } | undefined>(
  'user/fetchMe',
  async (_arg, { extra, rejectWithValue, signal }) => {
    try {
      const body = await extra.http.get<MeBody>('/users/me', { signal });
      const error = bodyError(body);
      if (error) return rejectWithValue(error);
      return body as User;
    } catch (error) {
      console.error('Failed to get user data', error);
      return rejectWithValue(toErrorInfo(error));
    }
  },
);

const userSlice = createSlice({
  name: 'user',
  initialState,
  reducers: {
    /** Local changes the server already confirmed (balance after a claim, squad after joining). */
    userPatched(state, action: PayloadAction<Partial<User>>) {
      if (state.data) Object.assign(state.data, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchMe.pending, (state) => {
        state.status = 'pending';
        state.error = null;
      })
      .addCase(fetchMe.fulfilled, (state, action) => {
        state.status = 'fulfilled';
        state.data = action.payload;
      })
      .addCase(fetchMe.rejected, (state, action) => {
        state.status = 'rejected';
        state.error = action.payload ?? toErrorInfo(action.error.message);
      })
      .addCase(signedOut, () => initialState);
  },
});

export const { userPatched } = userSlice.actions;
export const userReducer = userSlice.reducer;

export const selectUser = (state: RootState) => state.user.data;
export const selectUserStatus = (state: RootState) => state.user.status;
