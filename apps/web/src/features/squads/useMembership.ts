import type { SquadInfo } from '@pixel-wall/shared';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/useHttp.ts';
import { useAppDispatch } from '../../store/hooks.ts';
import { showToast } from '../../store/uiSlice.ts';
import { fetchMe, userPatched } from '../../store/userSlice.ts';
import { failureText } from '../../ui/failureText.ts';
import { joinSquad, leaveSquad } from './api.ts';

export interface Membership {
  pending: boolean;
  join: (squad: Pick<SquadInfo, 'id' | 'name' | 'slug' | 'logo'>) => Promise<boolean>;
  leave: () => Promise<boolean>;
}

/** Joining and leaving a squad; a second tap while one is on its way is ignored. */
export function useMembership(): Membership {
  const { t } = useTranslation();
  const http = useHttp();
  const dispatch = useAppDispatch();
  const [pending, setPending] = useState(false);
  const busy = useRef(false);

  const run = useCallback(
    async (call: () => Promise<void>, done: () => void, failKey: string): Promise<boolean> => {
      if (busy.current) return false;
      busy.current = true;
      setPending(true);
      try {
        await call();
        done();
        // The server has the final word on the player's squad.
        void dispatch(fetchMe());
        return true;
      } catch (error) {
        dispatch(showToast(failureText(t, error, failKey), 'error'));
        return false;
      } finally {
        busy.current = false;
        setPending(false);
      }
    },
    [dispatch, t],
  );

  const join = useCallback<Membership['join']>(
    (squad) =>
      run(
        () => joinSquad(http, squad.id),
        () => {
          const ref = { ...squad, templateX: null, templateY: null };
          dispatch(userPatched({ squad: ref }));
          dispatch(showToast(t('squads.joined', { name: squad.name }), 'success'));
        },
        'squads.joinFailed',
      ),
    [dispatch, http, run, t],
  );

  const leave = useCallback<Membership['leave']>(
    () =>
      run(
        () => leaveSquad(http),
        () => {
          dispatch(userPatched({ squad: null }));
          dispatch(showToast(t('squads.left'), 'success'));
        },
        'squads.leaveFailed',
      ),
    [dispatch, http, run, t],
  );

  return { pending, join, leave };
}
