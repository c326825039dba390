import { createAsyncThunk } from '@reduxjs/toolkit';
import type { ApiErrorInfo } from '../api/errors.ts';
import type { ThunkExtra } from './extra.ts';
import type { AppDispatch, RootState } from './index.ts';

export const createAppThunk = createAsyncThunk.withTypes<{
  state: RootState;
  dispatch: AppDispatch;
  extra: ThunkExtra;
  rejectValue: ApiErrorInfo;
}>();
