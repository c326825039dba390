import { afterEach, describe, expect, it } from 'vitest';
import { detectPlatform, mayBeTelegram } from './index.ts';
import { createWebPlatform } from './web.ts';

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('platform detection', () => {
  it('is a plain website without Telegram launch parameters', async () => {
    expect(mayBeTelegram()).toBe(false);
    const platform = await detectPlatform();
    expect(platform.kind).toBe('web');
    expect(document.documentElement.dataset.platform).toBe('web');
  });

  it('notices launch parameters in the URL or in session storage', () => {
    window.history.replaceState(null, '', '/#tgWebAppPlatform=ios&tgWebAppVersion=8.0');
    expect(mayBeTelegram()).toBe(true);
    window.history.replaceState(null, '', '/');
    sessionStorage.setItem('tapps/launchParams', '"tgWebAppPlatform=ios"');
    expect(mayBeTelegram()).toBe(true);
  });

  it('falls back to the web when the launch parameters are unusable', async () => {
    window.history.replaceState(null, '', '/#tgWebAppPlatform=broken');
    const platform = await detectPlatform();
    expect(platform.kind).toBe('web');
  });
});

describe('web platform', () => {
  it('reads the launch parameter from ?startapp= or tgWebAppStartParam', () => {
    expect(createWebPlatform('?startapp=f12_s3').startParam).toBe('f12_s3');
    expect(createWebPlatform('?tgWebAppStartParam=x10_y20').startParam).toBe('x10_y20');
    expect(createWebPlatform('').startParam).toBeNull();
  });

  it('takes handed-over init data and drops it from the address bar', () => {
    window.history.replaceState(null, '', '/stars?initData=query_id%3D1&x=1');
    const platform = createWebPlatform(window.location.search);
    expect(platform.initDataRaw).toBe('query_id=1');
    expect(window.location.search).toBe('?x=1');
  });

  it('keeps cloud values in localStorage', async () => {
    const platform = createWebPlatform('');
    await platform.cloudSet('colors', '["#FFFFFF"]');
    expect(await platform.cloudGet('colors')).toBe('["#FFFFFF"]');
    expect(await platform.cloudGet('missing')).toBeNull();
  });
});
