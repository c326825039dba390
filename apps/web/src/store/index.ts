import { type Action, combineReducers, configureStore, type ThunkAction } from '@reduxjs/toolkit';
import { configReducer } from './configSlice.ts';
import type { ThunkExtra } from './extra.ts';
import { miningReducer } from './miningSlice.ts';
import { sessionReducer } from './sessionSlice.ts';
import { uiReducer } from './uiSlice.ts';
import { userReducer } from './userSlice.ts';

export type { AsyncStatus } from './asyncStatus.ts';
export type { ThunkExtra } from './extra.ts';

const rootReducer = combineReducers({
  session: sessionReducer,
  user: userReducer,
  mining: miningReducer,
  config: configReducer,
  ui: uiReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export interface CreateAppStoreOptions {
  extra: ThunkExtra;
  preloadedState?: Partial<RootState>;
}

export function createAppStore({ extra, preloadedState }: CreateAppStoreOptions) {
  return configureStore({
    reducer: rootReducer,
    ...(preloadedState ? { preloadedState } : {}),
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, ThunkExtra, Action>;
