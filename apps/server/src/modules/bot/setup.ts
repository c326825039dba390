/**
 * The bot's set-up at start (on the cluster leader): makes Telegram match this server's
 * configuration, and changes nothing when it already does.
 * - Webhook: getWebhookInfo, then setWebhook (PUBLIC_URL/api/v1/telegram/webhook, the secret token,
 *   the update kinds we handle) only when the URL or the kinds differ, or the secret changed:
 *   Telegram never returns the secret, so its fingerprint is kept in `bot_state`.
 * - Menu button: a web_app button opening PUBLIC_URL (getChatMenuButton first).
 * - Commands: /start, /paysupport, /help, /terms, the default list in English and one list per
 *   language_code of the ten languages (getMyCommands first).
 * Telegram unreachable or refusing: one log line per attempt, retries with exponential backoff;
 * the server runs on meanwhile.
 */
import { createHash } from 'node:crypto';
import { API_PREFIX, SUPPORTED_LANGUAGES } from '@pixel-wall/shared';
import type { Config } from '../../config.ts';
import type { Sql } from '../../db/client.ts';
import {
  type BotApi,
  BotApiError,
  type BotCommand,
  type MenuButton,
} from '../../integrations/telegram/bot-api.ts';
import { setStateValue, stateValue } from './store.ts';
import { commandList, TELEGRAM_LANGUAGE_CODES } from './texts.ts';

/**
 * The update kinds the webhook handles (everything else Telegram keeps to itself): `message` (the
 * conversation, and payments' successful_payment / refunded_payment) and `pre_checkout_query`. No
 * button of ours carries callback_data, so callback queries are not asked for.
 */
export const ALLOWED_UPDATES = ['message', 'pre_checkout_query'] as const;
export const MENU_BUTTON_TEXT = 'Pixel Wall';
const SECRET_STATE = 'webhook-secret-fingerprint';

export interface BotSetupDeps {
  db: Pick<Sql, 'query'>;
  botApi: BotApi;
  publicUrl: string;
  webhookSecret: string;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** first retry delay; doubles up to maxDelayMs (defaults 5 s and 10 min) */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** test seam for the retry timer */
  setTimer?: (fn: () => void, ms: number) => NodeJS.Timeout;
}

export interface BotSetup {
  /** Runs until Telegram matches (retrying with backoff) or stop(); never rejects. */
  start(): Promise<void>;
  /** One attempt; resolves to what it changed, rejects when Telegram failed. */
  runOnce(): Promise<string[]>;
  stop(): void;
}

/** A bot configured so that it cannot work, with the variable that fixes it. */
export interface BotConfigWarning {
  variable: 'PUBLIC_URL';
  message: string;
}

/**
 * A bot token without PUBLIC_URL gives a bot nobody can reach: no webhook, no menu button, no
 * commands, and replies without a button to open the game. Said once at start and on /readyz.
 */
export function botConfigWarning(config: Pick<Config, 'telegram' | 'publicUrl'>): BotConfigWarning | null {
  if (!config.telegram.botToken || config.publicUrl) return null;
  return {
    variable: 'PUBLIC_URL',
    message:
      'TELEGRAM_BOT_TOKEN is set but PUBLIC_URL is not: the bot gets no webhook, menu button or ' +
      "commands and its replies carry no button to open the game; set PUBLIC_URL to the wall's public https:// address",
  };
}

export function webhookUrlOf(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${API_PREFIX}/telegram/webhook`;
}

/** The Mini App's address: PUBLIC_URL with a trailing slash. */
export function appUrlOf(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/`;
}

function fingerprint(secret: string): string {
  return createHash('sha256').update(`pixel-wall/webhook-secret:${secret}`).digest('base64url');
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');

const sameCommands = (a: BotCommand[], b: BotCommand[]) =>
  a.length === b.length &&
  a.every((c, i) => c.command === b[i]?.command && c.description === b[i]?.description);

function sameButton(a: MenuButton, b: MenuButton): boolean {
  if (a.type !== 'web_app' || b.type !== 'web_app') return a.type === b.type;
  return a.text === b.text && a.web_app.url === b.web_app.url;
}

export function createBotSetup(deps: BotSetupDeps): BotSetup {
  const base = deps.baseDelayMs ?? 5_000;
  const max = deps.maxDelayMs ?? 600_000;
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  /** bumped by start() and stop(): a run whose generation is past stops */
  let generation = 0;
  let timer: NodeJS.Timeout | null = null;
  let wake: (() => void) | null = null;

  async function storedFingerprint(): Promise<string | null> {
    return stateValue(deps.db, SECRET_STATE);
  }

  async function runOnce(): Promise<string[]> {
    const changed: string[] = [];
    const api = deps.botApi;

    const url = webhookUrlOf(deps.publicUrl);
    const secretPrint = fingerprint(deps.webhookSecret);
    const info = await api.getWebhookInfo();
    const kinds = info.allowed_updates ?? [];
    if (info.url !== url || !sameSet(kinds, ALLOWED_UPDATES) || (await storedFingerprint()) !== secretPrint) {
      await api.setWebhook({ url, secret_token: deps.webhookSecret, allowed_updates: [...ALLOWED_UPDATES] });
      await setStateValue(deps.db, SECRET_STATE, secretPrint);
      changed.push('webhook');
    }

    const button: MenuButton = {
      type: 'web_app',
      text: MENU_BUTTON_TEXT,
      web_app: { url: appUrlOf(deps.publicUrl) },
    };
    if (!sameButton(await api.getChatMenuButton(), button)) {
      await api.setChatMenuButton({ menu_button: button });
      changed.push('menu_button');
    }

    // '' is the default list (English) for every language without its own.
    const lists: [string, BotCommand[]][] = [
      ['', commandList('en')],
      ...SUPPORTED_LANGUAGES.map((l): [string, BotCommand[]] => [TELEGRAM_LANGUAGE_CODES[l], commandList(l)]),
    ];
    for (const [code, commands] of lists) {
      const scope = code ? { language_code: code } : {};
      if (sameCommands(await api.getMyCommands(scope), commands)) continue;
      await api.setMyCommands({ commands, ...scope });
      changed.push(`commands:${code || 'default'}`);
    }
    return changed;
  }

  return {
    runOnce,
    start() {
      // One run at a time: a leader that steps down and back up starts a fresh one.
      const gen = ++generation;
      const live = () => gen === generation;
      const run = (async () => {
        for (let attempt = 0; live(); attempt++) {
          try {
            const changed = await runOnce();
            if (!live()) return;
            deps.log.info(
              { changed },
              changed.length ? 'Telegram bot set up' : 'Telegram bot already set up',
            );
            return;
          } catch (err) {
            if (!live()) return;
            const retryAfterMs = err instanceof BotApiError && err.retryAfter ? err.retryAfter * 1000 : 0;
            const delayMs = Math.max(retryAfterMs, Math.min(max, base * 2 ** attempt));
            deps.log.warn(
              {
                err: err instanceof Error ? err.message : String(err),
                attempt: attempt + 1,
                retryInMs: delayMs,
              },
              'Telegram bot set-up failed; the game runs on, retrying later',
            );
            await new Promise<void>((resolve) => {
              wake = resolve;
              timer = setTimer(resolve, delayMs);
              timer.unref?.();
            });
            wake = null;
            timer = null;
          }
        }
      })();
      return run;
    },
    stop() {
      generation++;
      if (timer) clearTimeout(timer);
      wake?.();
    },
  };
}
