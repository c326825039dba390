import { mockTelegramEnv } from '@tma.js/sdk-react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTelegramPlatform } from './telegram.ts';
import type { Platform } from './types.ts';

const user = JSON.stringify({ id: 7, first_name: 'Ada', language_code: 'ru' });
const INIT_DATA = new URLSearchParams({
  user,
  auth_date: '1700000000',
  start_param: 'f12_s3',
  signature: 'sig',
  hash: 'a'.repeat(64),
}).toString();

const events: { name: string; params: unknown }[] = [];
let platform: Platform | null;

beforeAll(() => {
  mockTelegramEnv({
    launchParams: {
      tgWebAppThemeParams: { bg_color: '#ffffff', text_color: '#000000' },
      tgWebAppData: INIT_DATA,
      tgWebAppVersion: '6.2',
      tgWebAppPlatform: 'tdesktop',
      tgWebAppStartParam: 'f12_s3',
    },
    onEvent: (event) => {
      events.push({ name: event.name, params: 'params' in event ? event.params : undefined });
    },
  });
  platform = createTelegramPlatform();
});

afterAll(() => {
  sessionStorage.clear();
});

describe('Telegram platform (mocked Mini App)', () => {
  it('reads init data, start parameter, language and version', () => {
    expect(platform).not.toBeNull();
    expect(platform).toMatchObject({
      kind: 'telegram',
      startParam: 'f12_s3',
      languageCode: 'ru',
      version: '6.2',
    });
    expect(platform?.initDataRaw).toBe(INIT_DATA);
  });

  it('tells Telegram the app is ready and applies the light theme', () => {
    expect(events.map((e) => e.name)).toContain('web_app_ready');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('leaves vertical swipes alone on a client older than Mini Apps 7.7, without an error', () => {
    expect(events.map((e) => e.name)).not.toContain('web_app_setup_swipe_behavior');
  });

  it('drives the native back button and haptics', () => {
    platform?.backButton.show();
    expect(events).toContainEqual({ name: 'web_app_setup_back_button', params: { is_visible: true } });
    platform?.haptic('error');
    expect(events).toContainEqual({
      name: 'web_app_trigger_haptic_feedback',
      params: { type: 'notification', notification_type: 'error' },
    });
  });

  it('falls back to localStorage below Mini Apps 6.9 and says so once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await platform?.cloudSet('colors', '["#FF4500"]');
    expect(await platform?.cloudGet('colors')).toBe('["#FF4500"]');
    expect(warn.mock.calls.filter(([message]) => message === 'CloudStorage is not supported')).toHaveLength(
      1,
    );
    warn.mockRestore();
  });
});
