/**
 * Telegram Mini App launch data (`initData`): parsing, the bot-token HMAC check (`hash`), the
 * third-party Ed25519 check (`signature`) and a signer that acts as Telegram for tests and the demo.
 *
 * Rules (https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app):
 * - hash: HMAC_SHA256(HMAC_SHA256("WebAppData", bot_token), data_check_string) where the string holds
 *   every field except `hash` (so `signature` is inside it), sorted by key, `key=value` joined by `\n`.
 * - signature: Ed25519 by Telegram's key over `<bot_id>:WebAppData\n` + the same lines without `hash`
 *   and `signature`; the signature travels as base64url without padding.
 *
 * Both checks are node:crypto's HMAC-SHA256 and Ed25519, with: a strict parse first (length bound,
 * bad escapes, repeated keys and a malformed `user` are refused before any crypto), a constant-time
 * comparison of the hash, and the auth_date check after the authenticity check, against an
 * injectable clock, so forged data is never told "expired".
 */
import { createHmac, createPublicKey, type KeyObject, timingSafeEqual, verify } from 'node:crypto';
import { BoundedMap } from '../../lib/bounded-map.ts';

/** Telegram's Ed25519 keys for the third-party `signature` check. */
export const TELEGRAM_PUBLIC_KEY_PRODUCTION =
  'e7bf03a2fa4602af4580703d88dda5bb59f32ed8b02a56c187fe7d34caed242d';
export const TELEGRAM_PUBLIC_KEY_TEST = '40055058a4ee38156a06562e52eece92a771bcd8346a8c4615cb7376eddf72ec';

/** Same bound as the sign-in request schema; refusing earlier keeps parsing cost bounded. */
export const MAX_INIT_DATA_LENGTH = 8192;

/** Clock skew tolerated for an auth_date ahead of our clock. */
export const MAX_FUTURE_SKEW_SECONDS = 60;

export interface TelegramUser {
  id: number;
  firstName: string;
  lastName: string | null;
  username: string | null;
  languageCode: string | null;
  isPremium: boolean;
  photoUrl: string | null;
  allowsWriteToPm: boolean;
}

export interface ParsedInitData {
  /** Every field, `hash` and `signature` included, with form-decoded keys and values. */
  fields: Map<string, string>;
  hash: string | null;
  signature: string | null;
  authDate: number | null;
  user: TelegramUser | null;
  startParam: string | null;
  queryId: string | null;
  chatType: string | null;
  chatInstance: string | null;
}

export type InitDataErrorCode = 'INVALID_INIT_DATA' | 'EXPIRED_INIT_DATA';

export type VerifyResult =
  | { ok: true; data: ParsedInitData }
  | { ok: false; code: InitDataErrorCode; reason: string };

export interface FreshnessOptions {
  /** null switches the auth_date check off (replaying old published vectors). */
  maxAgeSeconds: number | null;
  /** Epoch seconds; defaults to the wall clock. */
  now?: number;
}

export interface VerifyInitDataOptions extends FreshnessOptions {
  botToken: string;
}

export interface VerifySignatureOptions extends FreshnessOptions {
  botId: number;
  publicKeyHex: string;
}

// ---------- parsing ----------

/** application/x-www-form-urlencoded decoding; null on a malformed escape or invalid UTF-8. */
function formDecode(text: string): string | null {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return null;
  }
}

/** Telegram ids fit in 52 bits; some clients (and the aiogram vectors) send them as digit strings. */
function toId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value === 'string' && /^\d{1,16}$/.test(value)) {
    const n = Number(value);
    return Number.isSafeInteger(n) && n > 0 ? n : null;
  }
  return null;
}

function toFlag(value: unknown): boolean {
  return value === true || value === 'true';
}

function toOptionalString(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** Maps Telegram's snake_case user object; null when it is not an object with id and first_name. */
export function toTelegramUser(value: unknown): TelegramUser | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  const id = toId(raw.id);
  if (id === null || typeof raw.first_name !== 'string') return null;
  return {
    id,
    firstName: raw.first_name,
    lastName: toOptionalString(raw.last_name),
    username: toOptionalString(raw.username),
    languageCode: toOptionalString(raw.language_code),
    isPremium: toFlag(raw.is_premium),
    photoUrl: toOptionalString(raw.photo_url),
    allowsWriteToPm: toFlag(raw.allows_write_to_pm),
  };
}

function parseUser(json: string): TelegramUser | null {
  try {
    return toTelegramUser(JSON.parse(json));
  } catch {
    return null;
  }
}

/** auth_date as epoch seconds, or null when absent or not a plain decimal number. */
export function parseAuthDate(value: string | number | undefined): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== 'string' || !/^\d{1,12}$/.test(value)) return null;
  return Number(value);
}

/**
 * Parses a raw initData query string. Returns null on anything ambiguous or malformed: a bad percent
 * escape, an empty key, a repeated key (which value the hash covered would be a guess), a `user`
 * field that is not a user object, or input over MAX_INIT_DATA_LENGTH.
 */
export function parseInitData(raw: string): ParsedInitData | null {
  if (typeof raw !== 'string' || raw.length > MAX_INIT_DATA_LENGTH) return null;
  const fields = new Map<string, string>();
  for (const part of raw.split('&')) {
    // Empty segments ("a=1&&b=2") carry nothing, as in URLSearchParams.
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = formDecode(eq === -1 ? part : part.slice(0, eq));
    const value = formDecode(eq === -1 ? '' : part.slice(eq + 1));
    if (key === null || value === null || key === '' || fields.has(key)) return null;
    fields.set(key, value);
  }

  const userJson = fields.get('user');
  let user: TelegramUser | null = null;
  if (userJson !== undefined) {
    user = parseUser(userJson);
    if (user === null) return null;
  }

  return {
    fields,
    hash: fields.get('hash') ?? null,
    signature: fields.get('signature') ?? null,
    authDate: parseAuthDate(fields.get('auth_date')),
    user,
    startParam: fields.get('start_param') ?? null,
    queryId: fields.get('query_id') ?? null,
    chatType: fields.get('chat_type') ?? null,
    chatInstance: fields.get('chat_instance') ?? null,
  };
}

// ---------- data check strings and keys ----------

function sortedLines(fields: Map<string, string>, exclude: ReadonlySet<string>): string {
  return [...fields.keys()]
    .filter((key) => !exclude.has(key))
    .sort()
    .map((key) => `${key}=${fields.get(key)}`)
    .join('\n');
}

const HASH_EXCLUDED: ReadonlySet<string> = new Set(['hash']);
const SIGNATURE_EXCLUDED: ReadonlySet<string> = new Set(['hash', 'signature']);

/** The string the `hash` covers: all fields but `hash`, sorted, `key=value` joined by `\n`. */
export function dataCheckString(parsed: Pick<ParsedInitData, 'fields'>): string {
  return sortedLines(parsed.fields, HASH_EXCLUDED);
}

/** The string the Ed25519 `signature` covers. */
export function signatureDataCheckString(parsed: Pick<ParsedInitData, 'fields'>, botId: number): string {
  return `${botId}:WebAppData\n${sortedLines(parsed.fields, SIGNATURE_EXCLUDED)}`;
}

/** HMAC_SHA256(key="WebAppData", msg=bot_token), the `hash` HMAC key. */
export function webAppSecret(botToken: string): Buffer {
  return createHmac('sha256', 'WebAppData').update(botToken, 'utf8').digest();
}

/** The `hash` of a data check string: hex HMAC_SHA256(webAppSecret(bot_token), data_check_string). */
function hashOf(checkString: string, botToken: string): string {
  return createHmac('sha256', webAppSecret(botToken)).update(checkString, 'utf8').digest('hex');
}

/** The numeric bot id that prefixes a bot token (`<id>:<secret>`), or null. */
export function botIdFromToken(botToken: string): number | null {
  const match = /^(\d{1,16}):/.exec(botToken);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const HEX_64 = /^[0-9a-fA-F]{64}$/;
// 64 signature bytes are 86 base64url characters without padding.
const BASE64URL_SIGNATURE = /^[A-Za-z0-9_-]{86}$/;
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
// Bounded so a caller looping over many keys cannot grow it without limit; real use has one.
const PUBLIC_KEY_CACHE_LIMIT = 16;
const publicKeyCache = new BoundedMap<string, KeyObject>(PUBLIC_KEY_CACHE_LIMIT);

function ed25519PublicKey(publicKeyHex: string): KeyObject | null {
  if (!HEX_64.test(publicKeyHex)) return null;
  const normalized = publicKeyHex.toLowerCase();
  let key = publicKeyCache.get(normalized);
  if (key === undefined) {
    try {
      key = createPublicKey({
        key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(normalized, 'hex')]),
        format: 'der',
        type: 'spki',
      });
    } catch {
      return null;
    }
    publicKeyCache.set(normalized, key);
  }
  return key;
}

// ---------- verification ----------

function invalid(reason: string): VerifyResult {
  return { ok: false, code: 'INVALID_INIT_DATA', reason };
}

export type FreshnessFailure = { code: 'INVALID' | 'EXPIRED'; reason: string };

/**
 * Checks auth_date against the clock; run only after the authenticity check so forged data is never
 * told "expired". Returns null when fresh (or when the check is switched off).
 */
export function checkFreshness(authDate: number | null, opts: FreshnessOptions): FreshnessFailure | null {
  if (opts.maxAgeSeconds === null) return null;
  if (authDate === null) return { code: 'INVALID', reason: 'auth_date missing or not a number' };
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (authDate - now > MAX_FUTURE_SKEW_SECONDS) return { code: 'INVALID', reason: 'auth_date in the future' };
  if (now - authDate > opts.maxAgeSeconds) return { code: 'EXPIRED', reason: 'auth_date too old' };
  return null;
}

function finish(parsed: ParsedInitData, opts: FreshnessOptions): VerifyResult {
  const stale = checkFreshness(parsed.authDate, opts);
  if (stale === null) return { ok: true, data: parsed };
  return {
    ok: false,
    code: stale.code === 'EXPIRED' ? 'EXPIRED_INIT_DATA' : 'INVALID_INIT_DATA',
    reason: stale.reason,
  };
}

/** The bot-token check: `hash` must be the HMAC of the data check string under webAppSecret(token). */
export function verifyInitData(raw: string, opts: VerifyInitDataOptions): VerifyResult {
  const parsed = parseInitData(raw);
  if (parsed === null) return invalid('malformed init data');
  if (parsed.hash === null) return invalid('hash missing');
  if (!HEX_64.test(parsed.hash)) return invalid('hash malformed');
  if (typeof opts.botToken !== 'string' || opts.botToken === '') return invalid('bot token missing');
  if (parsed.authDate === null) return invalid('auth_date missing or not a number');
  const expected = Buffer.from(hashOf(dataCheckString(parsed), opts.botToken), 'hex');
  const given = Buffer.from(parsed.hash, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid('hash mismatch');
  return finish(parsed, opts);
}

/**
 * The third-party check: Telegram's Ed25519 `signature`, needing only the bot id, not its token.
 * Synchronous, for any key (tests sign with a key of their own to check freshness), and strict
 * about the signature's form: base64url without padding, as Telegram sends it.
 */
export function verifyInitDataSignature(raw: string, opts: VerifySignatureOptions): VerifyResult {
  const parsed = parseInitData(raw);
  if (parsed === null) return invalid('malformed init data');
  if (parsed.signature === null) return invalid('signature missing');
  if (!BASE64URL_SIGNATURE.test(parsed.signature)) return invalid('signature malformed');
  if (!Number.isSafeInteger(opts.botId) || opts.botId <= 0) return invalid('bot id invalid');
  const key = ed25519PublicKey(opts.publicKeyHex);
  if (key === null) return invalid('public key invalid');
  const message = Buffer.from(signatureDataCheckString(parsed, opts.botId), 'utf8');
  let good = false;
  try {
    good = verify(null, message, key, Buffer.from(parsed.signature, 'base64url'));
  } catch {
    good = false;
  }
  if (!good) return invalid('signature mismatch');
  return finish(parsed, opts);
}

// ---------- signing (acting as Telegram) ----------

/**
 * Builds an initData string signed with the bot token, as Telegram would issue it. For tests, the
 * browser e2e run and the local demo. Throws on keys that could not round-trip.
 */
export function signInitData(fields: Record<string, string>, botToken: string): string {
  const map = new Map<string, string>();
  for (const [key, value] of Object.entries(fields)) {
    if (key === '' || key === 'hash') throw new TypeError(`signInitData: field name not allowed: "${key}"`);
    map.set(key, value);
  }
  const hash = hashOf(dataCheckString({ fields: map }), botToken);
  const parts = [...map].map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
  parts.push(`hash=${hash}`);
  return parts.join('&');
}
