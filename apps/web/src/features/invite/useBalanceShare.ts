import { useCallback, useRef, useState } from 'react';
import { useHttp } from '../../api/useHttp.ts';
import { useAppDispatch } from '../../store/hooks.ts';
import { userPatched } from '../../store/userSlice.ts';
import { saveBalanceShare } from './api.ts';

export type SaveState =
  | { status: 'idle' | 'pending' }
  | { status: 'fulfilled'; percent: number }
  | { status: 'rejected'; error: unknown };

export interface BalanceShare {
  state: SaveState;
  /** Sends the percentage; a second call while one is on its way is ignored. */
  save: (percent: number) => Promise<void>;
}

/**
 * Saving the balance share (POST /users/balance/share). `onSaved` gets what the server now holds;
 * a failure leaves the player's choice where it was, to be sent again.
 */
export function useBalanceShare(onSaved: (percent: number) => void): BalanceShare {
  const http = useHttp();
  const dispatch = useAppDispatch();
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const busy = useRef(false);

  const save = useCallback(
    async (percent: number) => {
      if (busy.current) return;
      busy.current = true;
      setState({ status: 'pending' });
      try {
        const held = await saveBalanceShare(http, percent);
        onSaved(held);
        dispatch(userPatched({ balance_share_percent: held }));
        setState({ status: 'fulfilled', percent: held });
      } catch (error) {
        setState({ status: 'rejected', error });
      } finally {
        busy.current = false;
      }
    },
    [dispatch, http, onSaved],
  );

  return { state, save };
}
