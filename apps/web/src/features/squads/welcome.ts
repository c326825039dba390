/**
 * The referrer-squad welcome (SPEC §2): a launch parameter with `s{id}` greets a player who is not in
 * that squad with a popup to join it, once per squad id on this device.
 */
import { parseLaunchParam } from '@pixel-wall/shared/core';
import { readLocal, writeLocal } from '../../platform/storage.ts';

export const WELCOME_STORAGE_PREFIX = 'squadWelcome:';

export function welcomeSquadId(startParam: string | null, currentSquadId: number | null): number | null {
  const { squadId } = parseLaunchParam(startParam);
  if (squadId === null || squadId === currentSquadId) return null;
  return readLocal(`${WELCOME_STORAGE_PREFIX}${squadId}`) === null ? squadId : null;
}

export function markWelcomed(squadId: number): void {
  writeLocal(`${WELCOME_STORAGE_PREFIX}${squadId}`, '1');
}
