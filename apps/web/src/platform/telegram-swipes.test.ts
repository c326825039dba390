import { mockTelegramEnv } from '@tma.js/sdk-react';
import { afterAll, describe, expect, it } from 'vitest';
import { createTelegramPlatform } from './telegram.ts';

afterAll(() => {
  sessionStorage.clear();
});

describe('Telegram platform on Mini Apps 8.0', () => {
  it('turns off the vertical swipe that would close the Mini App', () => {
    const events: { name: string; params: unknown }[] = [];
    mockTelegramEnv({
      launchParams: {
        tgWebAppThemeParams: {},
        tgWebAppData: new URLSearchParams({
          user: JSON.stringify({ id: 8, first_name: 'Bo' }),
          auth_date: '1700000000',
          signature: 'sig',
          hash: 'b'.repeat(64),
        }).toString(),
        tgWebAppVersion: '8.0',
        tgWebAppPlatform: 'tdesktop',
      },
      onEvent: (event) => {
        events.push({ name: event.name, params: 'params' in event ? event.params : undefined });
      },
    });
    expect(createTelegramPlatform()).not.toBeNull();
    expect(events).toContainEqual({
      name: 'web_app_setup_swipe_behavior',
      params: { allow_vertical_swipe: false },
    });
  });
});
