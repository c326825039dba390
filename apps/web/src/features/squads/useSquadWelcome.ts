import { useEffect } from 'react';
import { useHttp } from '../../api/useHttp.ts';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { popupPushed } from '../../store/uiSlice.ts';
import { selectUser } from '../../store/userSlice.ts';
import { loadSquad, rememberSquad } from './api.ts';
import { markWelcomed, welcomeSquadId } from './welcome.ts';

/** Opens the welcome popup once the player is known, if the launch parameter names a squad. */
export function useSquadWelcome(): void {
  const platform = usePlatform();
  const http = useHttp();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const userId = user?.id ?? null;
  const currentSquadId = user?.squad?.id ?? null;

  useEffect(() => {
    if (userId === null) return;
    const squadId = welcomeSquadId(platform.startParam, currentSquadId);
    if (squadId === null) return;
    const controller = new AbortController();
    loadSquad(http, squadId, controller.signal).then(
      (squad) => {
        if (controller.signal.aborted) return;
        // A squad that no longer exists greets nobody; one that does greets once per device.
        markWelcomed(squad.id);
        rememberSquad(squad);
        dispatch(popupPushed({ kind: 'squadWelcome', props: { squadId: squad.id } }));
      },
      () => {
        // Left before it loaded, or the squad is gone: nothing is marked, so a later launch retries.
      },
    );
    return () => controller.abort();
  }, [platform.startParam, http, dispatch, userId, currentSquadId]);
}
