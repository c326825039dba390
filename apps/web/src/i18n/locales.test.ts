import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from './languages.ts';

const files = import.meta.glob<Record<string, unknown>>('../../public/locales/*.json', {
  eager: true,
  import: 'default',
});

function localeOf(language: string): Record<string, unknown> {
  const data = files[`../../public/locales/${language}.json`];
  if (!data) throw new Error(`public/locales/${language}.json is missing`);
  return data;
}

/** Flattens nested translations into `a.b.c → value`. */
function flatten(node: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (typeof node === 'object' && node !== null && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, node);
  }
  return out;
}

function placeholders(value: unknown): string[] {
  return typeof value === 'string'
    ? [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort()
    : [];
}

const english = flatten(localeOf('en'));

describe('translation files', () => {
  it('exist for exactly the supported languages', () => {
    const present = Object.keys(files)
      .map((path) => path.replace(/^.*\/(\w+)\.json$/, '$1'))
      .sort();
    expect(present).toEqual([...SUPPORTED_LANGUAGES].sort());
  });

  it.each(SUPPORTED_LANGUAGES)('%s has every English key, no extra keys, and no empty values', (language) => {
    const strings = flatten(localeOf(language));
    const missing = [...english.keys()].filter((key) => !strings.has(key));
    const extra = [...strings.keys()].filter((key) => !english.has(key));
    const empty = [...strings]
      .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
      .map(([k]) => k);
    expect({ missing, extra, empty }).toEqual({ missing: [], extra: [], empty: [] });
  });

  it.each(SUPPORTED_LANGUAGES)('%s keeps the interpolation placeholders of English', (language) => {
    const strings = flatten(localeOf(language));
    const mismatched = [...english].filter(
      ([key, value]) => placeholders(value).join() !== placeholders(strings.get(key)).join(),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });
});
