import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readLocal, writeLocal } from '../platform/storage.ts';
import { fetchBackend } from './backend.ts';
import {
  DEFAULT_LANGUAGE,
  isSupportedLanguage,
  resolveLanguage,
  SUPPORTED_LANGUAGES,
  type SupportedLanguage,
  toBcp47,
} from './languages.ts';

export * from './languages.ts';

export const LANGUAGE_STORAGE_KEY = 'language';
/** Set to `1` in localStorage to have every missing key reported as a console error (the walk test). */
export const I18N_DEBUG_STORAGE_KEY = 'i18nReportMissing';

/** Stored choice first, then the Telegram user's language, then English. */
export function pickInitialLanguage(platformLanguage: string | null): SupportedLanguage {
  const stored = readLocal(LANGUAGE_STORAGE_KEY);
  if (stored !== null) {
    if (isSupportedLanguage(stored)) return stored;
    console.warn(`Unsupported language "${stored}" ignored`);
  }
  return resolveLanguage(platformLanguage);
}

function syncDocumentLanguage(language: string): void {
  if (isSupportedLanguage(language) && typeof document !== 'undefined') {
    document.documentElement.lang = toBcp47(language);
  }
}

export interface CreateI18nOptions {
  /** Bundled resources (tests); without them translations are fetched per language. */
  resources?: Resource;
  /** Called for every key a screen asks for that the language lacks (tests fail on it). */
  onMissingKey?: (key: string) => void;
}

export async function createI18n(
  language: SupportedLanguage,
  options: CreateI18nOptions = {},
): Promise<I18n> {
  const instance = createInstance();
  const onMissingKey =
    options.onMissingKey ??
    (readLocal(I18N_DEBUG_STORAGE_KEY) === '1'
      ? (key: string) => console.error(`Missing translation: ${instance.language} ${key}`)
      : undefined);
  if (!options.resources) instance.use(fetchBackend);
  instance.use(initReactI18next);
  instance.on('languageChanged', syncDocumentLanguage);
  await instance.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    // App codes like `jpn` are not BCP-47; stop i18next from deriving `jpn` → `jp` variants.
    load: 'currentOnly',
    nonExplicitSupportedLngs: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    ...(options.resources ? { resources: options.resources } : {}),
    ...(onMissingKey
      ? {
          saveMissing: true,
          missingKeyHandler: (_lngs: readonly string[], _ns: string, key: string) => onMissingKey(key),
        }
      : {}),
    react: { useSuspense: true },
  });
  syncDocumentLanguage(language);
  return instance;
}

/** Switches and remembers the language; unknown codes are warned about and ignored. */
export function setLanguage(instance: I18n, code: string): boolean {
  if (!isSupportedLanguage(code)) {
    console.warn(`Unsupported language "${code}" ignored`);
    return false;
  }
  writeLocal(LANGUAGE_STORAGE_KEY, code);
  void instance.changeLanguage(code);
  return true;
}

export function currentLanguage(instance: I18n): SupportedLanguage {
  const language = instance.resolvedLanguage ?? instance.language;
  return isSupportedLanguage(language) ? language : DEFAULT_LANGUAGE;
}
