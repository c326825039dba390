import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
    ['TELEGRAM_BOT_SETUP', 'maybe'],
    ['METRICS_TOKEN', 'short'],
    ['METRICS_TOKEN', 'has a space in it, 16+ chars'],
  ])('stops on a bad %s and names it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('sets the bot up by default; TELEGRAM_BOT_SETUP=off turns it off', () => {
    expect(loadConfig({}).telegram.botSetup).toBe(true);
    expect(loadConfig({ TELEGRAM_BOT_SETUP: 'on' }).telegram.botSetup).toBe(true);
    expect(loadConfig({ TELEGRAM_BOT_SETUP: 'off' }).telegram.botSetup).toBe(false);
  });

  it('reads METRICS_TOKEN, unset by default', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'a-long-scrape-token-1234' }).metricsToken).toBe(
      'a-long-scrape-token-1234',
    );
  });

  it('keeps dev sign-in off on a public address', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).devSignIn).toBe(false);
    expect(loadConfig({ HOST: 'localhost' }).devSignIn).toBe(true);
  });
});

describe('TON_PAYOUT_MNEMONIC_FILE', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-config-'));
  const words = Array.from({ length: 24 }, (_, i) => `word${i + 1}`).join(' ');
  const file = (name: string, content: string) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, content);
    return p;
  };
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads the payout mnemonic from the file, trimmed', () => {
    const c = loadConfig({ TON_PAYOUT_MNEMONIC_FILE: file('ok', `\n${words}\n`) });
    expect(c.ton.payout.mnemonic).toBe(words);
  });

  it('still takes the mnemonic from TON_PAYOUT_MNEMONIC alone', () => {
    expect(loadConfig({ TON_PAYOUT_MNEMONIC: words }).ton.payout.mnemonic).toBe(words);
    expect(loadConfig({}).ton.payout.mnemonic).toBeNull();
  });

  it('refuses both set at once', () => {
    const env = { TON_PAYOUT_MNEMONIC: words, TON_PAYOUT_MNEMONIC_FILE: file('both', words) };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/TON_PAYOUT_MNEMONIC_FILE: set either .* not both/);
  });

  it('stops with a clear message when the file cannot be read', () => {
    const missing = path.join(dir, 'missing');
    expect(() => loadConfig({ TON_PAYOUT_MNEMONIC_FILE: missing })).toThrow(ConfigError);
    expect(() => loadConfig({ TON_PAYOUT_MNEMONIC_FILE: missing })).toThrow(
      `TON_PAYOUT_MNEMONIC_FILE: cannot read ${missing} (ENOENT)`,
    );
    expect(() => loadConfig({ TON_PAYOUT_MNEMONIC_FILE: dir })).toThrow(/cannot read .* \(EISDIR\)/);
    expect(() => loadConfig({ TON_PAYOUT_MNEMONIC_FILE: file('empty', ' \n') })).toThrow(/is empty/);
  });

  it('names the file variable, and never the words, when the file holds no mnemonic', () => {
    const bad = file('short', 'only three words');
    expect(() => loadConfig({ TON_PAYOUT_MNEMONIC_FILE: bad })).toThrow(
      /TON_PAYOUT_MNEMONIC_FILE: must be 24 words/,
    );
    try {
      loadConfig({ TON_PAYOUT_MNEMONIC_FILE: bad });
    } catch (err) {
      expect(String(err)).not.toContain('three');
    }
  });
});
