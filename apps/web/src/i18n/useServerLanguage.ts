import { useEffect, useRef } from 'react';
import type { HttpClient } from '../api/http.ts';
import { useHttp } from '../api/useHttp.ts';
import { useAppDispatch, useAppSelector } from '../store/hooks.ts';
import { selectSignedIn } from '../store/sessionSlice.ts';
import { selectUser, userPatched } from '../store/userSlice.ts';
import type { SupportedLanguage } from './languages.ts';
import { useLanguage } from './useLanguage.ts';

/**
 * POST /users/localization?loc={code}: the server keeps the player's language for the bot's
 * replies and its own messages. Failures are logged and otherwise silent (false).
 */
export async function saveServerLanguage(http: HttpClient, language: SupportedLanguage): Promise<boolean> {
  try {
    await http.post('/users/localization', undefined, { query: { loc: language } });
    return true;
  } catch (error) {
    console.warn('Saving the language on the server failed', error);
    return false;
  }
}

/**
 * Keeps the signed-in player's language on the server: once after sign-in when the stored one
 * differs from the app's, and whenever the player picks another (settings, header picker). Each
 * player and language is sent at most once per session, so a failing call is not repeated in a loop.
 */
export function useServerLanguage(): void {
  const { language } = useLanguage();
  const signedIn = useAppSelector(selectSignedIn);
  const user = useAppSelector(selectUser);
  const http = useHttp();
  const dispatch = useAppDispatch();
  const sent = useRef(new Set<string>());
  const userId = user?.id ?? null;
  const stored = user?.locale ?? null;

  useEffect(() => {
    if (!signedIn || userId === null || stored === language) return;
    const key = `${userId}:${language}`;
    if (sent.current.has(key)) return;
    sent.current.add(key);
    void saveServerLanguage(http, language).then((saved) => {
      if (saved) dispatch(userPatched({ locale: language }));
    });
  }, [signedIn, userId, stored, language, http, dispatch]);
}
