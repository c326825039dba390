import { ERROR_CODES } from '@pixel-wall/shared';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../public/locales/en.json';
import ru from '../../public/locales/ru.json';
import { ApiError } from '../api/http.ts';
import { RpcError } from '../api/wall/sync.ts';
import { errorText, paintFailureToast, paintNotice, serverErrorKey } from './failureText.ts';

function lookup(table: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => {
    return typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }, table);
}

function tOf(table: unknown): TFunction {
  return ((key: string, options?: Record<string, unknown>) => {
    const value = lookup(table, key);
    if (typeof value !== 'string') return key;
    return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name]));
  }) as unknown as TFunction;
}

describe('server error texts', () => {
  it('has an English text for every server error code and for NETWORK', () => {
    const missing = [...ERROR_CODES, 'NETWORK'].filter((code) => {
      const key = serverErrorKey(code);
      return key === null || typeof lookup(en, key) !== 'string';
    });
    expect(missing).toEqual([]);
  });

  it('gives no key for codes the server never sends', () => {
    expect(serverErrorKey('HTTP_502')).toBeNull();
    expect(serverErrorKey('SOMETHING_ELSE')).toBeNull();
  });

  it('shows the code in the player language, not the server English text', () => {
    const error = new ApiError(
      429,
      'NO_CHARGES',
      'No charges left. Wait for one to come back or use a refill.',
    );
    expect(errorText(tOf(ru), error, 'wall.paintFailed')).toBe(ru.serverErrors.NO_CHARGES);
    expect(errorText(tOf(en), new RpcError('INVALID_COLOR', 'bad'), 'x')).toBe(
      'That colour is not available to you.',
    );
  });

  it('falls back to the screen text for unknown codes and plain errors', () => {
    const t = tOf(en);
    expect(errorText(t, new ApiError(502, 'HTTP_502', 'Bad Gateway'), 'nft.uploadFailed')).toBe(
      en.nft.uploadFailed,
    );
    expect(errorText(t, new Error('boom'), 'nft.uploadFailed')).toBe(en.nft.uploadFailed);
  });
});

describe('paintNotice', () => {
  it('only logs auth failures, shows a rate limit as info, and other codes as errors', () => {
    expect(paintNotice('UNAUTHORIZED')).toBe('log');
    expect(paintNotice('EXPIRED_INIT_DATA')).toBe('log');
    expect(paintNotice('RATE_LIMITED')).toBe('info');
    expect(paintNotice('INVALID_PIXEL')).toBe('error');
    expect(paintNotice('INTERNAL')).toBe('error');
  });

  it('words the toast in the player language, and has none for an auth failure', () => {
    const t = tOf(ru);
    expect(paintFailureToast(t, { code: 'INVALID_INIT_DATA' })).toBeNull();
    expect(paintFailureToast(t, { code: 'RATE_LIMITED' })).toEqual({
      text: ru.serverErrors.RATE_LIMITED,
      kind: 'info',
    });
    expect(paintFailureToast(t, { code: 'INVALID_PIXEL' })).toEqual({
      text: ru.wall.paintFailed.replace('{{message}}', ru.serverErrors.INVALID_PIXEL),
      kind: 'error',
    });
  });
});
