import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from '../../i18n/languages.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import './LanguagePicker.css';

/** Compact picker: a native select (best on phones), labelled with the current code. */
export function LanguagePicker({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const id = useId();
  return (
    <span className={`language-picker ${className}`}>
      <label className="visually-hidden" htmlFor={id}>
        {t('header.language')}
      </label>
      <span className="language-picker__code pixel-text" aria-hidden="true">
        {language.slice(0, 2)}
      </span>
      <select
        id={id}
        className="language-picker__select"
        value={language}
        onChange={(event) => setLanguage(event.target.value)}
      >
        {SUPPORTED_LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </span>
  );
}
