import { SECRET_WORD_MAX_LENGTH } from '@pixel-wall/shared/core';
import { ApiError } from '../../api/errors.ts';
import type { HttpClient } from '../../api/http.ts';
import { checked, getParsed } from '../../api/useHttp.ts';
import type { AppThunk } from '../../store/index.ts';
import { fetchMiningStatus } from '../../store/miningSlice.ts';
import { fetchMe } from '../../store/userSlice.ts';

/** The secret-word quest as GET /mining/quest/stats reports it. */
export interface SecretQuestStats {
  /** the player has found the word (Ghost Pixel is theirs) */
  done: boolean;
  /** how many players have found it */
  completedBy: number;
  /** false when the operator has set no word: no guess can succeed */
  open: boolean;
}

/** GET /mining/quest/stats, the secret-word entry (closed, no one, when the server lists none). */
export async function loadSecretQuest(http: HttpClient, signal?: AbortSignal): Promise<SecretQuestStats> {
  const body = await getParsed(http, '/mining/quest/stats', (s) => s.questStatsResponse, { signal });
  const quest = body.quests.find((q) => q.id === 'secretWord');
  return quest
    ? { done: quest.done, completedBy: quest.completedBy, open: quest.open }
    : { done: false, completedBy: 0, open: false };
}

/** The word as the server compares it: trimmed, lower case, NFC. */
export function normalizeSecretWord(word: string): string {
  return word.trim().toLowerCase().normalize('NFC');
}

/** Why a typed word cannot be sent yet: nothing typed, or longer than the server accepts. */
export function secretWordProblem(word: string): 'empty' | 'tooLong' | null {
  const normal = normalizeSecretWord(word);
  if (normal.length === 0) return 'empty';
  if (normal.length > SECRET_WORD_MAX_LENGTH) return 'tooLong';
  return null;
}

export type SecretWordOutcome =
  /** the right word; `granted` false when the player had found it before */
  | { kind: 'found'; granted: boolean }
  | { kind: 'wrong' }
  /** too many guesses: the next one in `retryAfterSeconds` */
  | { kind: 'limited'; retryAfterSeconds: number }
  /** the operator has set no word */
  | { kind: 'closed' }
  /** the session ended: sign in again */
  | { kind: 'signedOut' }
  /** the network or the server failed: trying again may help */
  | { kind: 'failed' };

function outcomeOf(error: unknown): SecretWordOutcome {
  if (!(error instanceof ApiError)) return { kind: 'failed' };
  if (error.code === 'WRONG_SECRET_WORD') return { kind: 'wrong' };
  if (error.code === 'RATE_LIMITED') {
    const after = Number(error.details?.retryAfterSeconds);
    return { kind: 'limited', retryAfterSeconds: Number.isFinite(after) && after > 0 ? after : 60 };
  }
  if (error.notConfigured) return { kind: 'closed' };
  if (error.status === 401) return { kind: 'signedOut' };
  return { kind: 'failed' };
}

/**
 * POST /mining/quest/check/secretWord. The right word earns Ghost Pixel: the player's profile
 * (achievements) and mining status (tasks) load again so every screen shows it done.
 */
export function checkSecretWord(word: string): AppThunk<Promise<SecretWordOutcome>> {
  return async (dispatch, _getState, { http, platform }) => {
    try {
      const result = await checked(
        (s) => s.secretWordResponse,
        http.post<unknown>('/mining/quest/check/secretWord', { secret_word: normalizeSecretWord(word) }),
        'Unexpected response from /mining/quest/check/secretWord',
      );
      platform.haptic('success');
      void dispatch(fetchMe());
      void dispatch(fetchMiningStatus());
      return { kind: 'found', granted: result.granted };
    } catch (error) {
      platform.haptic('error');
      return outcomeOf(error);
    }
  };
}
