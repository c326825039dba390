import type { LoginWidgetBody } from '@pixel-wall/shared';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { type ApiErrorInfo, toErrorInfo } from '../api/errors.ts';
import type { StoredTokens, TokenPair } from '../api/tokens.ts';
import { signedOut } from './actions.ts';
import type { AsyncStatus } from './asyncStatus.ts';
import type { ThunkExtra } from './extra.ts';
import type { RootState } from './index.ts';
import { fetchMiningStatus } from './miningSlice.ts';
import { createAppThunk } from './thunk.ts';
import { fetchMe } from './userSlice.ts';

export interface SessionState {
  isTMA: boolean;
  /** Raw Mini App init data; cleared on sign-out so it stops acting as a credential. */
  initData: string | null;
  authToken: string | null;
  refreshToken: string | null;
  /** The last sign-in attempt. */
  status: AsyncStatus;
  signedIn: boolean;
  error: ApiErrorInfo | null;
}

export function initialSessionState(
  isTMA: boolean,
  initData: string | null,
  tokens: StoredTokens,
): SessionState {
  return {
    isTMA,
    initData,
    authToken: tokens.authToken,
    refreshToken: tokens.refreshToken,
    status: 'idle',
    signedIn: tokens.authToken !== null,
    error: null,
  };
}

type TokenCall<A> = (auth: ThunkExtra['auth'], arg: A) => Promise<{ token: string; refresh_token: string }>;

function signInThunk<A>(type: string, call: TokenCall<A>) {
  return createAppThunk<TokenPair, A>(
    type,
    async (arg, { extra, dispatch, rejectWithValue }) => {
      let pair: TokenPair;
      try {
        const response = await call(extra.auth, arg);
        pair = { authToken: response.token, refreshToken: response.refresh_token };
      } catch (error) {
        // SPEC §8: a failed login is only logged; the guest banner stays.
        console.warn('Sign-in failed', error);
        return rejectWithValue(toErrorInfo(error));
      }
      extra.tokens.write(pair);
      // The HTTP client reads the stored token, so the player loads right away.
      void dispatch(fetchMe());
      void dispatch(fetchMiningStatus());
      return pair;
    },
    { condition: (_arg, { getState }) => getState().session.status !== 'pending' },
  );
}

export const signInTelegram = signInThunk<string>('session/signInTelegram', (auth, initData) =>
  auth.signInWithInitData(initData),
);
export const signInWidget = signInThunk<LoginWidgetBody>('session/signInWidget', (auth, payload) =>
  auth.signInWithWidget(payload),
);
export const signInDev = signInThunk<{ firstName: string; startParam?: string | null }>(
  'session/signInDev',
  (auth, { firstName, startParam }) => auth.devSignIn(firstName, startParam),
);

const signIns = [signInTelegram, signInWidget, signInDev] as const;

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState(false, null, { authToken: null, refreshToken: null }),
  reducers: {
    /** New tokens from a refresh (the HTTP client already stored them). */
    tokensReceived(state, action: PayloadAction<TokenPair>) {
      state.authToken = action.payload.authToken;
      state.refreshToken = action.payload.refreshToken;
      state.signedIn = true;
    },
  },
  extraReducers: (builder) => {
    for (const thunk of signIns) {
      builder
        .addCase(thunk.pending, (state) => {
          state.status = 'pending';
          state.error = null;
        })
        .addCase(thunk.fulfilled, (state, action) => {
          state.status = 'fulfilled';
          state.authToken = action.payload.authToken;
          state.refreshToken = action.payload.refreshToken;
          state.signedIn = true;
        })
        .addCase(thunk.rejected, (state, action) => {
          state.status = 'rejected';
          state.error = action.payload ?? toErrorInfo(action.error.message);
        });
    }
    builder.addCase(signedOut, (state) => {
      state.initData = null;
      state.authToken = null;
      state.refreshToken = null;
      state.signedIn = false;
      state.status = 'idle';
      state.error = null;
    });
  },
});

export const { tokensReceived } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

export const selectSession = (state: RootState) => state.session;
export const selectSignedIn = (state: RootState) => state.session.signedIn;
export const selectIsGuest = (state: RootState) => !state.session.signedIn;
export const selectIsTMA = (state: RootState) => state.session.isTMA;
export const selectSignInStatus = (state: RootState) => state.session.status;
