/**
 * The Telegram bot: the Bot API client (Stars invoices and refunds use it too), the conversation
 * (commands sent to the bot arrive through the shop's webhook), and, on the cluster leader, the
 * set-up of the webhook, menu button and commands when TELEGRAM_BOT_SETUP is on. A bot token
 * without PUBLIC_URL gets one warning at start (and shows on /readyz): such a bot is unreachable.
 */
import { type ModuleLog, serverModule } from '../../app/module.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { type BotApi, createBotApi, webhookSecret } from '../../integrations/telegram/bot-api.ts';
import { storedLocale } from '../users/store.ts';
import { createBotChat } from './chat.ts';
import { botConfigWarning, createBotSetup } from './setup.ts';

export interface BotModuleDeps {
  db: Pick<Database, 'query'>;
  config: Pick<Config, 'telegram' | 'publicUrl' | 'contactEmail'>;
  log: Pick<ModuleLog, 'info' | 'warn'>;
  /** default: the real Bot API when a bot token is configured, else none */
  botApi?: BotApi | null;
}

export function createBotModule(deps: BotModuleDeps) {
  const { telegram, publicUrl, contactEmail } = deps.config;
  const botApi =
    deps.botApi !== undefined
      ? deps.botApi
      : telegram.botToken
        ? createBotApi({ token: telegram.botToken, baseUrl: telegram.apiUrl })
        : null;
  const secret = webhookSecret(telegram.botToken, telegram.webhookSecret);
  const chat = createBotChat({
    botApi,
    publicUrl,
    contactEmail,
    log: deps.log,
    storedLanguageOf: (userId) => storedLocale(deps.db, userId),
  });
  // The bot's webhook, menu button and commands: set by the leader, in the background.
  const setup =
    telegram.botSetup && publicUrl && botApi && secret
      ? createBotSetup({ db: deps.db, botApi, publicUrl, webhookSecret: secret, log: deps.log })
      : null;
  return serverModule({
    name: 'bot',
    botApi,
    /** TELEGRAM_WEBHOOK_SECRET, or one derived from the bot token; null without a bot */
    webhookSecret: secret,
    /** An update of the webhook that is not a payment: the bot's conversation. */
    handleUpdate: (body: unknown) => chat.handleUpdate(body),
    start() {
      const warning = botConfigWarning(deps.config);
      if (warning) deps.log.warn({ variable: warning.variable }, warning.message);
    },
    lead(leading) {
      if (leading) void setup?.start();
      else setup?.stop();
    },
    stop: () => setup?.stop(),
  });
}
