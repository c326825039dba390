import type { BackendModule, ReadCallback } from 'i18next';

/** Translation files are static assets next to the app: `/locales/{lng}.json`, one per language. */
export function localeUrl(language: string): string {
  return `${import.meta.env.BASE_URL}locales/${encodeURIComponent(language)}.json`;
}

export const fetchBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    fetch(localeUrl(language))
      .then((response) => {
        if (!response.ok) throw new Error(`Loading ${language} translations failed: HTTP ${response.status}`);
        return response.json() as Promise<Record<string, unknown>>;
      })
      .then(
        (data) => callback(null, data),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      );
  },
};
