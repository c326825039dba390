import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbortError } from '../../api/errors.ts';
import { useHttp } from '../../api/useHttp.ts';
import { useAppDispatch } from '../../store/hooks.ts';
import { popupPushed, showToast } from '../../store/uiSlice.ts';
import { failureText } from '../../ui/failureText.ts';
import { loadSquad, rememberSquad } from '../squads/api.ts';

/**
 * Tapping a squad fetches its info and opens the squad popup, only for a squad with an id
 * (SPEC §2). A newer tap aborts the older fetch.
 */
export function useOpenSquad(): { opening: number | null; open: (id: number) => void } {
  const { t } = useTranslation();
  const http = useHttp();
  const dispatch = useAppDispatch();
  const [opening, setOpening] = useState<number | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  const open = useCallback(
    (id: number) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setOpening(id);
      loadSquad(http, id, controller.signal).then(
        (squad) => {
          if (controller.signal.aborted) return;
          setOpening(null);
          if (!squad.id) return;
          rememberSquad(squad);
          dispatch(popupPushed({ kind: 'squad', props: { squadId: squad.id } }));
        },
        (error: unknown) => {
          if (controller.signal.aborted || isAbortError(error)) return;
          setOpening(null);
          dispatch(showToast(failureText(t, error, 'squads.loadFailed'), 'error'));
        },
      );
    },
    [dispatch, http, t],
  );

  return { opening, open };
}
