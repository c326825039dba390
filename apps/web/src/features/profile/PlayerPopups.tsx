import { useEffect, useState, useSyncExternalStore } from 'react';
import { useAppDispatch, useAppSelector, useAppStore } from '../../store/hooks.ts';
import { popupPopped, selectTopPopup } from '../../store/uiSlice.ts';
import { SquadPopup } from '../squads/SquadPopup.tsx';
import { useSquadWelcome } from '../squads/useSquadWelcome.ts';
import { PainterPopup } from './PainterPopup.tsx';

/** Popup kinds on the ui stack that this host draws; other features own the other kinds. */
export const PLAYER_POPUP_KINDS = ['painter', 'squad', 'squadWelcome'] as const;

function isPlayerPopup(kind: string | undefined): boolean {
  return kind !== undefined && (PLAYER_POPUP_KINDS as readonly string[]).includes(kind);
}

// Pages mount the host and the layout may too: only the first mounted one draws, so a popup never
// appears twice and the welcome check runs once.
const hosts: symbol[] = [];
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const firstHost = () => hosts[0] ?? null;

function useIsFirstHost(): boolean {
  const [me] = useState(() => Symbol('player-popups'));
  useEffect(() => {
    hosts.push(me);
    notify();
    return () => {
      hosts.splice(hosts.indexOf(me), 1);
      notify();
    };
  }, [me]);
  return useSyncExternalStore(subscribe, firstHost, firstHost) === me;
}

function Popups() {
  useSquadWelcome();
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const top = useAppSelector(selectTopPopup);

  useEffect(
    () => () => {
      // Leaving the screen takes its painter and squad popups along; other features' stay.
      while (isPlayerPopup(store.getState().ui.popups.at(-1)?.kind)) dispatch(popupPopped());
    },
    [store, dispatch],
  );

  if (!top || !isPlayerPopup(top.kind)) return null;
  const id = (name: string) => Number(top.props?.[name] ?? 0);
  // A key per entry, so a squad popup over a painter popup starts fresh instead of reusing state.
  const key = `${top.kind}:${JSON.stringify(top.props ?? {})}`;
  if (top.kind === 'painter') return <PainterPopup key={key} userId={id('userId')} />;
  return <SquadPopup key={key} squadId={id('squadId')} welcome={top.kind === 'squadWelcome'} />;
}

/** Draws the painter, squad and welcome popups while the popup stack is non-empty (SPEC §4). */
export function PlayerPopups() {
  return useIsFirstHost() ? <Popups /> : null;
}
