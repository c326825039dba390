/**
 * Telegram Login Widget (web sign-in) payload check
 * (https://core.telegram.org/widgets/login#checking-authorization).
 *
 * Unlike Mini App initData, the HMAC key is SHA256(bot_token) itself, and the data check string is
 * built from the fields exactly as received. Callers must pass only the fields Telegram sent: any
 * extra field changes the string and fails the check, which is the safe direction.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { checkFreshness, parseAuthDate, type TelegramUser, toTelegramUser } from './init-data.ts';

export type LoginWidgetErrorCode = 'INVALID_LOGIN_PAYLOAD' | 'EXPIRED_INIT_DATA';

export type LoginWidgetResult =
  | { ok: true; user: TelegramUser }
  | { ok: false; code: LoginWidgetErrorCode; reason: string };

export interface VerifyLoginWidgetOptions {
  botToken: string;
  /** null switches the auth_date check off (replaying old published vectors). */
  maxAgeSeconds: number | null;
  /** Epoch seconds; defaults to the wall clock. */
  now?: number;
}

export type LoginWidgetPayload = Record<string, string | number>;

const HEX_64 = /^[0-9a-fA-F]{64}$/;
// The widget sends a handful of fields; a large object is not a Telegram payload.
const MAX_FIELDS = 32;

/** SHA256(bot_token) as raw bytes: the HMAC key of the widget's hash. */
export function loginWidgetSecret(botToken: string): Buffer {
  return createHash('sha256').update(botToken).digest();
}

/**
 * All fields except `hash`, sorted by key, `key=value` joined by `\n`; numbers are stringified.
 * Null when a value is neither a string nor a finite number (e.g. from an untyped JSON body).
 */
export function loginWidgetDataCheckString(payload: Readonly<Record<string, unknown>>): string | null {
  const lines: string[] = [];
  for (const key of Object.keys(payload).sort()) {
    if (key === 'hash') continue;
    const value = payload[key];
    if (typeof value === 'number' && Number.isFinite(value)) lines.push(`${key}=${String(value)}`);
    else if (typeof value === 'string') lines.push(`${key}=${value}`);
    else return null;
  }
  return lines.join('\n');
}

function invalid(reason: string): LoginWidgetResult {
  return { ok: false, code: 'INVALID_LOGIN_PAYLOAD', reason };
}

export function verifyLoginWidget(
  payload: LoginWidgetPayload,
  opts: VerifyLoginWidgetOptions,
): LoginWidgetResult {
  // Payloads come from request bodies: guard the shape even though the type says it is a record.
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    return invalid('not an object');
  if (Object.keys(payload).length > MAX_FIELDS) return invalid('too many fields');
  const hash = payload.hash;
  if (typeof hash !== 'string' || !HEX_64.test(hash)) return invalid('hash missing or malformed');
  if (typeof opts.botToken !== 'string' || opts.botToken === '') return invalid('bot token missing');
  const checkString = loginWidgetDataCheckString(payload);
  if (checkString === null) return invalid('field of unexpected type');
  const expected = createHmac('sha256', loginWidgetSecret(opts.botToken)).update(checkString).digest();
  // Both sides are 32 bytes here, which timingSafeEqual requires.
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return invalid('hash mismatch');

  const user = toTelegramUser(payload);
  if (user === null) return invalid('id or first_name missing');
  const stale = checkFreshness(parseAuthDate(payload.auth_date), opts);
  if (stale !== null) {
    return stale.code === 'EXPIRED'
      ? { ok: false, code: 'EXPIRED_INIT_DATA', reason: stale.reason }
      : invalid(stale.reason);
  }
  return { ok: true, user };
}

/** Signs widget fields as Telegram would, for tests and the demo: the fields as strings plus `hash`. */
export function signLoginWidget(fields: LoginWidgetPayload, botToken: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'hash') throw new TypeError('signLoginWidget: fields must not contain hash');
    out[key] = String(value);
  }
  const checkString = loginWidgetDataCheckString(out) ?? '';
  out.hash = createHmac('sha256', loginWidgetSecret(botToken)).update(checkString).digest('hex');
  return out;
}
