/**
 * The bot's side of a conversation, from the webhook's `message` updates: /start (with an optional
 * deep-link payload) answers with a welcome and a web_app button opening the Mini App with the
 * same launch parameter; /paysupport gives the refund rules; /help and /terms answer; any other
 * text gets a short help. Replies are in the language the sender picked in the app (stored by
 * POST /users/localization), else their Telegram language_code, else English. An update
 * that is not a text message, or that we cannot read, is ignored; a failing sendMessage is logged
 * and dropped (the webhook still answers 200, so Telegram does not resend it in a loop).
 */
import { z } from 'zod';
import type { BotApi, InlineKeyboardButton } from '../../integrations/telegram/bot-api.ts';
import { appUrlOf } from './setup.ts';
import { botTextsFor } from './texts.ts';

/** Telegram's deep-link parameter: up to 64 of A-Z a-z 0-9 _ - */
const START_PAYLOAD = /^[A-Za-z0-9_-]{1,64}$/;

const textMessageSchema = z.object({
  message_id: z.number().int(),
  from: z
    .object({
      id: z.number().int(),
      is_bot: z.boolean(),
      language_code: z.string().max(35).optional(),
    })
    .optional(),
  chat: z.object({ id: z.number().int(), type: z.string().max(32) }),
  text: z.string().max(4096),
});

export interface BotChatDeps {
  botApi: BotApi | null;
  /** PUBLIC_URL; null: replies carry no button and /terms no link */
  publicUrl: string | null;
  /** CONTACT_EMAIL; null: /paysupport asks for a reply here only */
  contactEmail: string | null;
  log: { warn(obj: object, msg: string): void };
  /** the language the player picked in the app; null when none (or the player is unknown) */
  storedLanguageOf?(userId: number): Promise<string | null>;
}

export type ChatOutcome =
  | { kind: 'replied'; command: 'start' | 'paysupport' | 'help' | 'terms' | 'other'; chatId: number }
  | { kind: 'ignored' };

/** The Mini App's URL carrying a launch parameter the way the web app reads it. */
export function miniAppUrl(publicUrl: string, payload: string | null): string {
  const url = new URL(appUrlOf(publicUrl));
  if (payload) {
    url.searchParams.set('startapp', payload);
    url.searchParams.set('tgWebAppStartParam', payload);
  }
  return url.toString();
}

/** Telegram allows web_app buttons in private chats only; elsewhere the button is a plain link. */
function openButton(text: string, url: string, chatType: string): InlineKeyboardButton {
  return chatType === 'private' ? { text, web_app: { url } } : { text, url };
}

/** '/start@PixelWallBot abc' → { command: 'start', arg: 'abc' }; null for plain text. */
export function parseCommand(text: string): { command: string; arg: string } | null {
  const m = /^\/([A-Za-z0-9_]{1,32})(?:@[A-Za-z0-9_]{1,64})?(?:\s+([\s\S]*))?$/.exec(text.trim());
  return m ? { command: m[1]!.toLowerCase(), arg: (m[2] ?? '').trim() } : null;
}

export function createBotChat(deps: BotChatDeps) {
  /** A failed lookup falls back to Telegram's language_code: the reply matters more. */
  async function storedLanguage(userId: number): Promise<string | null> {
    if (!deps.storedLanguageOf) return null;
    try {
      return await deps.storedLanguageOf(userId);
    } catch (err) {
      deps.log.warn(
        { err: err instanceof Error ? err.message : String(err), userId },
        'bot language lookup failed',
      );
      return null;
    }
  }

  return {
    /** Handles one update's `message`; never throws. */
    async handleUpdate(body: unknown): Promise<ChatOutcome> {
      if (!deps.botApi || typeof body !== 'object' || body === null) return { kind: 'ignored' };
      const parsed = textMessageSchema.safeParse((body as Record<string, unknown>).message);
      if (!parsed.success || parsed.data.from?.is_bot) return { kind: 'ignored' };
      const { chat, from, text } = parsed.data;
      const t = botTextsFor((from ? await storedLanguage(from.id) : null) ?? from?.language_code);
      const cmd = parseCommand(text);
      const name = cmd?.command ?? '';
      let command: Extract<ChatOutcome, { kind: 'replied' }>['command'];
      let reply: string;
      let button: InlineKeyboardButton | null = null;
      if (name === 'start') {
        command = 'start';
        reply = t.welcome;
        const payload = cmd?.arg && START_PAYLOAD.test(cmd.arg) ? cmd.arg : null;
        if (deps.publicUrl) button = openButton(t.open, miniAppUrl(deps.publicUrl, payload), chat.type);
      } else if (name === 'paysupport') {
        command = 'paysupport';
        reply = deps.contactEmail ? t.paySupport.replace('{email}', deps.contactEmail) : t.paySupportHere;
      } else if (name === 'help') {
        command = 'help';
        reply = t.help;
        if (deps.publicUrl) button = openButton(t.open, miniAppUrl(deps.publicUrl, null), chat.type);
      } else if (name === 'terms') {
        command = 'terms';
        reply = deps.publicUrl
          ? t.terms.replace('{url}', new URL('terms', appUrlOf(deps.publicUrl)).toString())
          : t.help;
      } else {
        command = 'other';
        reply = t.unknown;
      }
      try {
        await deps.botApi.sendMessage({
          chat_id: chat.id,
          text: reply,
          ...(button ? { reply_markup: { inline_keyboard: [[button]] } } : {}),
        });
      } catch (err) {
        deps.log.warn(
          { err: err instanceof Error ? err.message : String(err), chatId: chat.id },
          'bot reply failed',
        );
      }
      return { kind: 'replied', command, chatId: chat.id };
    },
  };
}

export type BotChat = ReturnType<typeof createBotChat>;
