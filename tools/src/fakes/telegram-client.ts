/**
 * The fake Telegram client (telegram-client.js) as the local demo and the browser tests use it:
 * the script with its configuration, a Mini App launch link as Telegram opens one, and a copy of
 * the built web app whose index.html loads the script first (the demo serves it with WEB_DIST,
 * so the production build itself never carries the fake).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const SCRIPT = fs.readFileSync(new URL('./telegram-client.js', import.meta.url), 'utf8');
export const TELEGRAM_CLIENT_FILE = 'fake-telegram-client.js';

/** The fake client's script, opening invoices on the Pay pages of the fake Bot API at `botApiUrl`. */
export function telegramClientScript(botApiUrl: string): string {
  return `window.fakeTelegramClient = ${JSON.stringify({ botApiUrl })};\n${SCRIPT}`;
}

export interface LaunchOptions {
  /** tgWebAppPlatform: 'android' and 'ios' ask for the full screen */
  platform?: string;
  version?: string;
  startParam?: string;
}

/**
 * The URL Telegram opens a Mini App with: its launch parameters in the hash. `initData` must carry
 * a `signature` field (see `launchData`): the SDK's launch-parameter parser requires one.
 */
export function miniAppLaunchUrl(appUrl: string, initData: string, opts: LaunchOptions = {}): string {
  const params = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: opts.version ?? '8.0',
    tgWebAppPlatform: opts.platform ?? 'android',
    tgWebAppThemeParams: JSON.stringify({ bg_color: '#17212b', text_color: '#f5f5f5' }),
  });
  if (opts.startParam) params.set('tgWebAppStartParam', opts.startParam);
  return `${appUrl.replace(/\/$/, '')}/#${params}`;
}

/**
 * Copies the built web app (`webDist`) to `into` with the fake client loaded before the app's own
 * scripts. The script is a file of the app's origin, so the Content-Security-Policy's 'self' admits it.
 */
export function webDistWithTelegramClient(webDist: string, into: string, botApiUrl: string): string {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) throw new Error(`${index} is missing: build the web app first (npm run build)`);
  fs.rmSync(into, { recursive: true, force: true });
  fs.cpSync(webDist, into, { recursive: true });
  fs.writeFileSync(path.join(into, TELEGRAM_CLIENT_FILE), telegramClientScript(botApiUrl));
  const html = fs.readFileSync(index, 'utf8');
  const tag = `<script src="/${TELEGRAM_CLIENT_FILE}"></script>`;
  if (!/<head>/i.test(html)) throw new Error(`${index} has no <head>`);
  const served = html.replace(/<head>/i, (h) => `${h}${tag}`);
  fs.writeFileSync(path.join(into, 'index.html'), served);
  // The server prefers the precompressed copies: they must say the same.
  if (fs.existsSync(`${index}.br`))
    fs.writeFileSync(path.join(into, 'index.html.br'), zlib.brotliCompressSync(served));
  if (fs.existsSync(`${index}.gz`)) fs.writeFileSync(path.join(into, 'index.html.gz'), zlib.gzipSync(served));
  return into;
}
