import { readLocal } from '../../platform/storage.ts';

export const INTRO_SEEN_KEY = 'introSeen';

export function introSeen(): boolean {
  return readLocal(INTRO_SEEN_KEY) === '1';
}
