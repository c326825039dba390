import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY, pickInitialLanguage, toBcp47 } from './index.ts';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('pickInitialLanguage', () => {
  it('prefers the stored choice', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    expect(pickInitialLanguage('ru')).toBe('de');
  });

  it('falls back to the Telegram language, mapped to the app codes', () => {
    expect(pickInitialLanguage('ja')).toBe('jpn');
    expect(pickInitialLanguage('zh-hans')).toBe('cn');
    expect(pickInitialLanguage('ko')).toBe('kr');
    expect(pickInitialLanguage('pt-br')).toBe('pt');
    expect(pickInitialLanguage(null)).toBe('en');
    expect(pickInitialLanguage('uk')).toBe('en');
  });

  it('warns about and ignores an unknown stored code', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'xx');
    expect(pickInitialLanguage('tr')).toBe('tr');
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('toBcp47', () => {
  it('maps the app codes that are not BCP-47', () => {
    expect(toBcp47('jpn')).toMatch(/^ja/);
    expect(toBcp47('cn')).toMatch(/^zh/);
    expect(toBcp47('kr')).toMatch(/^ko/);
  });
});
