import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { miniAppLaunchUrl, TELEGRAM_CLIENT_FILE, webDistWithTelegramClient } from './telegram-client.ts';

const dirs: string[] = [];
function tmp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tg-client-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('the fake Telegram client', () => {
  it('puts the Mini App launch parameters in the hash, as Telegram opens a Mini App', () => {
    const url = new URL(miniAppLaunchUrl('http://127.0.0.1:1/', 'user=x&hash=y', { startParam: 'x1_y2' }));
    expect(url.pathname).toBe('/');
    const params = new URLSearchParams(url.hash.slice(1));
    expect(params.get('tgWebAppData')).toBe('user=x&hash=y');
    expect(params.get('tgWebAppPlatform')).toBe('android');
    expect(params.get('tgWebAppVersion')).toBe('8.0');
    expect(params.get('tgWebAppStartParam')).toBe('x1_y2');
    expect(JSON.parse(params.get('tgWebAppThemeParams')!)).toHaveProperty('bg_color');
  });

  it('copies the web build with the client loaded first, in the precompressed index pages too', () => {
    const dist = tmp();
    const html = '<!doctype html><html><head><script type="module" src="/app.js"></script></head></html>';
    fs.writeFileSync(path.join(dist, 'index.html'), html);
    fs.writeFileSync(path.join(dist, 'index.html.br'), zlib.brotliCompressSync(html));
    fs.writeFileSync(path.join(dist, 'index.html.gz'), zlib.gzipSync(html));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'app');

    const into = path.join(tmp(), 'web');
    webDistWithTelegramClient(dist, into, 'http://127.0.0.1:8081');
    const tag = `<head><script src="/${TELEGRAM_CLIENT_FILE}"></script><script type="module"`;
    expect(fs.readFileSync(path.join(into, 'index.html'), 'utf8')).toContain(tag);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(into, 'index.html.br'))).toString()).toContain(
      tag,
    );
    expect(zlib.gunzipSync(fs.readFileSync(path.join(into, 'index.html.gz'))).toString()).toContain(tag);
    expect(fs.readFileSync(path.join(into, 'assets', 'app.js'), 'utf8')).toBe('app');
    const script = fs.readFileSync(path.join(into, TELEGRAM_CLIENT_FILE), 'utf8');
    expect(script).toMatch(/^window\.fakeTelegramClient = \{"botApiUrl":"http:\/\/127\.0\.0\.1:8081"\};/);
    expect(script).toContain('TelegramWebviewProxy');
    // The build itself is left as it was.
    expect(fs.readFileSync(path.join(dist, 'index.html'), 'utf8')).toBe(html);
  });

  it('refuses a missing build', () => {
    expect(() => webDistWithTelegramClient(path.join(tmp(), 'none'), path.join(tmp(), 'web'), 'x')).toThrow(
      /build the web app first/,
    );
  });
});
