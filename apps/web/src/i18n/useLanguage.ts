import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, type SupportedLanguage, setLanguage } from './index.ts';

export function useLanguage(): { language: SupportedLanguage; setLanguage: (code: string) => boolean } {
  const { i18n } = useTranslation();
  const change = useCallback((code: string) => setLanguage(i18n, code), [i18n]);
  return { language: currentLanguage(i18n), setLanguage: change };
}
