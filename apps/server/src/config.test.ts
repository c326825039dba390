import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('has working defaults with no environment at all', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: null,
      redisUrl: null,
      devSignIn: true,
    });
    expect(c.dataDir).toMatch(/data$/);
    expect(c.charges).toEqual({ start: 5, rechargeMs: 600_000 });
  });

  it('holds upload bodies within UPLOAD_BUDGET_BYTES, at least one largest template', () => {
    expect(loadConfig({}).uploadBudgetBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ UPLOAD_BUDGET_BYTES: '8388608' }).uploadBudgetBytes).toBe(8_388_608);
    expect(() => loadConfig({ UPLOAD_BUDGET_BYTES: '1048576', TEMPLATE_MAX_BYTES: '2097152' })).toThrow(
      /UPLOAD_BUDGET_BYTES/,
    );
  });

  it('reads every documented variable', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/pw',
      DATABASE_URL: 'postgres://u@db:5432/pw',
      REDIS_URL: 'redis://cache:6379',
      TELEGRAM_BOT_TOKEN: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ',
      PUBLIC_URL: 'https://wall.example',
      ADMIN_IDS: '1, 22,333',
    });
    expect(c).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/var/lib/pw',
      databaseUrl: 'postgres://u@db:5432/pw',
      redisUrl: 'redis://cache:6379',
      publicUrl: 'https://wall.example',
      devSignIn: false,
    });
    expect([...c.adminIds]).toEqual([1, 22, 333]);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://x'],
    ['TELEGRAM_BOT_TOKEN', 'not-a-token'],
    ['PUBLIC_URL', 'wall.example'],
    ['ADMIN_IDS', '1,abc'],
    ['TICK_MS', '1000'],
  ])('stops on a bad %s and names it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('keeps dev sign-in off on a public address', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).devSignIn).toBe(false);
    expect(loadConfig({ HOST: 'localhost' }).devSignIn).toBe(true);
  });
});
