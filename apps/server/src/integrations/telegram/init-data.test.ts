import { generateKeyPairSync, sign } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vectorsDir } from '../../testing/vectors.ts';
import {
  botIdFromToken,
  dataCheckString,
  MAX_INIT_DATA_LENGTH,
  parseInitData,
  signatureDataCheckString,
  signInitData,
  TELEGRAM_PUBLIC_KEY_PRODUCTION,
  TELEGRAM_PUBLIC_KEY_TEST,
  type VerifyResult,
  verifyInitData,
  verifyInitDataSignature,
  webAppSecret,
} from './init-data.ts';

// ---------- vectors ----------

interface InitDataCase {
  id: string;
  check: 'hash' | 'signature';
  init_data: string;
  bot_token?: string;
  bot_id?: number;
  public_key_hex?: string;
  expected_valid: boolean;
  data_check_string?: string;
  secret_key_hex?: string;
}

interface InitDataVectorFile {
  file: string;
  published_intermediates?: { secret_key_hex?: string };
  cases: InitDataCase[];
}

function loadInitDataVectors(): InitDataVectorFile[] {
  const dir = vectorsDir();
  const names = readdirSync(dir).filter((name) => name.startsWith('initdata-') && name.endsWith('.json'));
  if (names.length === 0) throw new Error(`no initdata-*.json vectors in ${dir}`);
  return names.sort().map((file) => {
    const json = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Omit<InitDataVectorFile, 'file'>;
    if (!Array.isArray(json.cases) || json.cases.length === 0) throw new Error(`${file}: no cases`);
    for (const c of json.cases) {
      if (c.check !== 'hash' && c.check !== 'signature') throw new Error(`${file} ${c.id}: unknown check`);
      if (typeof c.expected_valid !== 'boolean') throw new Error(`${file} ${c.id}: no expected_valid`);
    }
    return { ...json, file };
  });
}

const vectorFiles = loadInitDataVectors();

function signatureOpts(c: InitDataCase): { botId: number; publicKeyHex: string } {
  const botId = c.bot_id ?? (c.bot_token ? botIdFromToken(c.bot_token) : null);
  if (botId === null || botId === undefined) throw new Error(`${c.id}: no bot id`);
  return { botId, publicKeyHex: c.public_key_hex ?? TELEGRAM_PUBLIC_KEY_PRODUCTION };
}

function runCase(c: InitDataCase): VerifyResult {
  if (c.check === 'hash') {
    if (c.bot_token === undefined) throw new Error(`${c.id}: hash case without bot_token`);
    return verifyInitData(c.init_data, { botToken: c.bot_token, maxAgeSeconds: null });
  }
  return verifyInitDataSignature(c.init_data, { ...signatureOpts(c), maxAgeSeconds: null });
}

describe('published initData vectors (freshness off)', () => {
  it('found vector files with cases', () => {
    expect(vectorFiles.map((f) => f.file)).toEqual(
      expect.arrayContaining([
        'initdata-aiogram-hash.json',
        'initdata-tmajs-node-test-hash-and-signature.json',
      ]),
    );
  });

  for (const vf of vectorFiles) {
    describe(vf.file, () => {
      for (const c of vf.cases) {
        it(`${c.id} (${c.check}) → ${c.expected_valid ? 'valid' : 'invalid'}`, () => {
          const result = runCase(c);
          expect(result.ok, result.ok ? 'accepted' : result.reason).toBe(c.expected_valid);
          if (!result.ok) expect(result.code).toBe('INVALID_INIT_DATA');

          if (c.secret_key_hex !== undefined && c.bot_token !== undefined) {
            expect(webAppSecret(c.bot_token).toString('hex')).toBe(c.secret_key_hex);
          }
          if (c.data_check_string !== undefined) {
            const parsed = parseInitData(c.init_data);
            expect(parsed).not.toBeNull();
            if (parsed === null) return;
            const actual =
              c.check === 'hash'
                ? dataCheckString(parsed)
                : signatureDataCheckString(parsed, signatureOpts(c).botId);
            expect(actual).toBe(c.data_check_string);
          }
        });
      }

      const published = vf.published_intermediates?.secret_key_hex;
      if (published !== undefined) {
        it('published secret matches HMAC("WebAppData", token)', () => {
          const token = vf.cases.find((c) => c.check === 'hash' && c.expected_valid)?.bot_token;
          expect(token).toBeDefined();
          expect(webAppSecret(token ?? '').toString('hex')).toBe(published);
        });
      }
    });
  }

  it('the real Telegram vector also carries a parsed user and chat fields', () => {
    const c = vectorFiles.flatMap((f) => f.cases).find((x) => x.id === 'hash-valid');
    expect(c).toBeDefined();
    const parsed = parseInitData(c?.init_data ?? '');
    expect(parsed?.user).toEqual({
      id: 279058397,
      firstName: 'Vladislav + - ? /',
      lastName: 'Kibenko',
      username: 'vdkfrost',
      languageCode: 'ru',
      isPremium: true,
      photoUrl: 'https://t.me/i/userpic/320/4FPEE4tmP3ATHa57u6MqTDih13LTOiMoKoLDRG4PnSA.svg',
      allowsWriteToPm: true,
    });
    expect(parsed?.authDate).toBe(1733584787);
    expect(parsed?.chatType).toBe('private');
    expect(parsed?.chatInstance).toBe('8134722200314281151');
    expect(parsed?.signature).toMatch(/^zL-/);
    expect(parsed?.startParam).toBeNull();
  });

  it('tolerates string ids and flags (aiogram case 2) and form-encoded spaces', () => {
    const c = vectorFiles.flatMap((f) => f.cases).find((x) => x.id === 'aiogram-2');
    expect(c).toBeDefined();
    const parsed = parseInitData(c?.init_data ?? '');
    expect(parsed?.user?.id).toBe(123456789);
    expect(parsed?.user?.isPremium).toBe(true);
    expect(parsed?.user?.allowsWriteToPm).toBe(true);
    expect(parsed?.user?.lastName).toBe('PlaceholderLastName \u{1F1FA}\u{1F1E6}');
    expect(parsed?.queryId).toBe('test');
  });
});

// ---------- parsing ----------

describe('parseInitData', () => {
  it('form-decodes keys and values', () => {
    const parsed = parseInitData('a=x+y%20z&b%5F=%E2%9C%93&c');
    expect(parsed && [...parsed.fields]).toEqual([
      ['a', 'x y z'],
      ['b_', '\u2713'],
      ['c', ''],
    ]);
  });

  it.each([
    ['bad escape', 'a=%zz'],
    ['truncated escape', 'a=%4'],
    ['lone percent', 'a=100%'],
    ['invalid utf-8', 'a=%FF%FE'],
    ['duplicate key', 'a=1&a=2'],
    ['duplicate after decoding', 'a=1&%61=2'],
    ['empty key', '=1'],
    ['user not json', 'user=nope'],
    ['user not an object', 'user=%5B1%5D'],
    ['user without id', 'user=%7B%22first_name%22%3A%22A%22%7D'],
    ['user without first_name', 'user=%7B%22id%22%3A1%7D'],
    ['user with bad id', 'user=%7B%22id%22%3A%22x1%22%2C%22first_name%22%3A%22A%22%7D'],
    ['user with fractional id', 'user=%7B%22id%22%3A1.5%2C%22first_name%22%3A%22A%22%7D'],
    ['too long', `a=${'x'.repeat(MAX_INIT_DATA_LENGTH)}`],
  ])('returns null on %s', (_name, raw) => {
    expect(parseInitData(raw)).toBeNull();
  });

  it('reads auth_date only when it is a plain number', () => {
    expect(parseInitData('auth_date=1700000000')?.authDate).toBe(1700000000);
    expect(parseInitData('auth_date=17e8')?.authDate).toBeNull();
    expect(parseInitData('auth_date=-1')?.authDate).toBeNull();
    expect(parseInitData('auth_date=')?.authDate).toBeNull();
    expect(parseInitData('x=1')?.authDate).toBeNull();
  });

  it('reads start_param', () => {
    expect(parseInitData('start_param=ref_42')?.startParam).toBe('ref_42');
  });
});

// ---------- freshness (fresh data signed here) ----------

const TOKEN = '123456789:TEST-token_for-unit-tests';
const NOW = 1_800_000_000;
const USER = JSON.stringify({ id: 777, first_name: 'Ada', username: 'ada', language_code: 'en' });

function fresh(extra: Record<string, string> = {}, authDate: number | null = NOW): string {
  const fields: Record<string, string> = { query_id: 'AAH', user: USER, ...extra };
  if (authDate !== null) fields.auth_date = String(authDate);
  return signInitData(fields, TOKEN);
}

describe('signInitData + verifyInitData freshness', () => {
  it('round-trips, including awkward characters', () => {
    const raw = fresh({ start_param: 'a b+c&d=e%f\u00e9\u{1F600}' });
    const result = verifyInitData(raw, { botToken: TOKEN, maxAgeSeconds: 3600, now: NOW });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.startParam).toBe('a b+c&d=e%f\u00e9\u{1F600}');
    expect(result.data.user).toMatchObject({
      id: 777,
      firstName: 'Ada',
      username: 'ada',
      languageCode: 'en',
    });
    expect(result.data.authDate).toBe(NOW);
  });

  it('refuses to sign a hash field', () => {
    expect(() => signInitData({ hash: 'x' }, TOKEN)).toThrow(TypeError);
  });

  it('accepts data within maxAge, including at the boundary', () => {
    const raw = fresh({}, NOW - 3600);
    expect(verifyInitData(raw, { botToken: TOKEN, maxAgeSeconds: 3600, now: NOW }).ok).toBe(true);
  });

  it('defaults now to the wall clock', () => {
    const raw = fresh({}, Math.floor(Date.now() / 1000));
    expect(verifyInitData(raw, { botToken: TOKEN, maxAgeSeconds: 60 }).ok).toBe(true);
  });

  it('reports EXPIRED beyond maxAge', () => {
    const raw = fresh({}, NOW - 3601);
    expect(verifyInitData(raw, { botToken: TOKEN, maxAgeSeconds: 3600, now: NOW })).toMatchObject({
      ok: false,
      code: 'EXPIRED_INIT_DATA',
    });
    // The same data passes with freshness switched off.
    expect(verifyInitData(raw, { botToken: TOKEN, maxAgeSeconds: null, now: NOW }).ok).toBe(true);
  });

  it('tolerates 60 s of clock skew but refuses auth_date further in the future', () => {
    const opts = { botToken: TOKEN, maxAgeSeconds: 3600, now: NOW };
    expect(verifyInitData(fresh({}, NOW + 60), opts).ok).toBe(true);
    expect(verifyInitData(fresh({}, NOW + 61), opts)).toMatchObject({ ok: false, code: 'INVALID_INIT_DATA' });
  });

  it('refuses missing or non-numeric auth_date when freshness is on', () => {
    const opts = { botToken: TOKEN, maxAgeSeconds: 3600, now: NOW };
    expect(verifyInitData(fresh({}, null), opts)).toMatchObject({ ok: false, code: 'INVALID_INIT_DATA' });
    expect(verifyInitData(fresh({ auth_date: 'soon' }, null), opts)).toMatchObject({
      ok: false,
      code: 'INVALID_INIT_DATA',
    });
  });

  it('refuses data without auth_date even with freshness off', () => {
    expect(verifyInitData(fresh({}, null), { botToken: TOKEN, maxAgeSeconds: null })).toMatchObject({
      ok: false,
      code: 'INVALID_INIT_DATA',
    });
  });

  it('never reports forged data as expired', () => {
    const stale = fresh({}, NOW - 10_000);
    const forged = stale.replace(/hash=(.)/, (_m, c: string) => `hash=${c === '0' ? '1' : '0'}`);
    expect(verifyInitData(forged, { botToken: TOKEN, maxAgeSeconds: 3600, now: NOW })).toMatchObject({
      ok: false,
      code: 'INVALID_INIT_DATA',
    });
  });
});

// ---------- Ed25519 signature with a key made here ----------

describe('verifyInitDataSignature freshness', () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const publicKeyHex = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
  const botId = 123456789;

  function signed(authDate: number): string {
    const base = `auth_date=${authDate}&user=${encodeURIComponent(USER)}`;
    const parsed = parseInitData(base);
    if (parsed === null) throw new Error('unreachable');
    const sig = sign(null, Buffer.from(signatureDataCheckString(parsed, botId)), privateKey).toString(
      'base64url',
    );
    return `${base}&signature=${sig}&hash=${'0'.repeat(64)}`;
  }

  it('accepts fresh data, refuses stale, future and wrong-bot data', () => {
    const opts = { botId, publicKeyHex, maxAgeSeconds: 3600, now: NOW };
    expect(verifyInitDataSignature(signed(NOW - 5), opts).ok).toBe(true);
    expect(verifyInitDataSignature(signed(NOW - 3601), opts)).toMatchObject({ code: 'EXPIRED_INIT_DATA' });
    expect(verifyInitDataSignature(signed(NOW + 61), opts)).toMatchObject({ code: 'INVALID_INIT_DATA' });
    expect(verifyInitDataSignature(signed(NOW), { ...opts, botId: botId + 1 }).ok).toBe(false);
    expect(verifyInitDataSignature(signed(NOW), { ...opts, publicKeyHex: TELEGRAM_PUBLIC_KEY_TEST }).ok).toBe(
      false,
    );
  });

  it('refuses a missing, malformed or padded signature and bad keys', () => {
    const opts = { botId, publicKeyHex, maxAgeSeconds: null };
    const good = signed(NOW);
    expect(verifyInitDataSignature(good.replace(/&signature=[^&]*/, ''), opts).ok).toBe(false);
    expect(verifyInitDataSignature(good.replace(/signature=([^&]*)/, 'signature=$1=='), opts).ok).toBe(false);
    expect(verifyInitDataSignature(good.replace(/signature=[^&]*/, 'signature=abc'), opts).ok).toBe(false);
    expect(verifyInitDataSignature(good, { ...opts, publicKeyHex: 'zz' }).ok).toBe(false);
    expect(verifyInitDataSignature(good, { ...opts, botId: 0 }).ok).toBe(false);
    expect(verifyInitDataSignature(good, { ...opts, botId: 1.5 }).ok).toBe(false);
  });
});

// ---------- forgery ----------

describe('forgery is refused and nothing throws', () => {
  const opts = { botToken: TOKEN, maxAgeSeconds: null };
  const good = fresh();

  function refused(raw: string): void {
    let result: VerifyResult | undefined;
    expect(() => {
      result = verifyInitData(raw, opts);
    }).not.toThrow();
    expect(result?.ok).toBe(false);
    expect(result?.ok === false && result.code).toBe('INVALID_INIT_DATA');
  }

  it('baseline is accepted', () => {
    expect(verifyInitData(good, opts).ok).toBe(true);
  });

  it('flipped hash characters', () => {
    const at = good.indexOf('hash=') + 5;
    for (let i = at; i < good.length; i += 7) {
      const c = good[i] === '0' ? '1' : '0';
      refused(good.slice(0, i) + c + good.slice(i + 1));
    }
  });

  it('added, removed or changed fields', () => {
    refused(`extra=1&${good}`);
    refused(`${good}&extra=`);
    refused(good.replace(/query_id=[^&]*&/, ''));
    refused(good.replace('query_id=AAH', 'query_id=AAI'));
    refused(good.replace(/auth_date=\d+/, `auth_date=${NOW + 1}`));
    refused(`${good}&query_id=AAH`);
  });

  it('wrong token, wrong-length or non-hex hash, missing hash', () => {
    expect(verifyInitData(good, { ...opts, botToken: `${TOKEN}x` }).ok).toBe(false);
    expect(verifyInitData(good, { ...opts, botToken: '' }).ok).toBe(false);
    refused(good.replace(/hash=([0-9a-f]+)/, 'hash=$1a'));
    refused(good.replace(/hash=([0-9a-f]+)/, (_m, h: string) => `hash=${h.slice(0, 63)}`));
    refused(good.replace(/hash=([0-9a-f]+)/, (_m, h: string) => `hash=${h.slice(0, 62)}zz`));
    refused(good.replace(/hash=([0-9a-f]+)/, 'hash='));
    refused(good.replace(/&hash=[0-9a-f]+/, ''));
  });

  it('garbage and malformed percent escapes', () => {
    for (const raw of [
      '',
      '&',
      '=',
      '==',
      'hash',
      'hash=',
      '%',
      '%%',
      '%E0%A4%A',
      'a=%G0&hash=00',
      '\u0000',
    ]) {
      refused(raw);
    }
    refused(good.replace('query_id=AAH', 'query_id=%ZZ'));
    refused(good.replace('query_id=AAH', 'query_id=%'));
  });

  it('very long input (8 KB and beyond)', () => {
    refused(`a=${'x'.repeat(8 * 1024 - 2)}`);
    refused(`${good}&pad=${'y'.repeat(8 * 1024)}`);
    refused('%'.repeat(64 * 1024));
    refused('&'.repeat(64 * 1024));
  });

  it('seeded fuzz: random strings never throw and are never accepted', () => {
    const random = mulberry32(0x5eed);
    const alphabet = [
      'a',
      'z',
      '0',
      '9',
      'f',
      '=',
      '&',
      '%',
      '+',
      ' ',
      '\n',
      '"',
      '{',
      '}',
      'é',
      '\u{1F600}',
      '\uD800',
    ];
    const keys = ['hash', 'user', 'auth_date', 'signature', 'query_id', 'x'];
    for (let n = 0; n < 3000; n++) {
      const len = Math.floor(random() * 200);
      let raw = '';
      for (let i = 0; i < len; i++) {
        raw +=
          random() < 0.1
            ? `${keys[Math.floor(random() * keys.length)]}=`
            : (alphabet[Math.floor(random() * alphabet.length)] ?? '');
      }
      expect(() => parseInitData(raw)).not.toThrow();
      expect(verifyInitData(raw, opts).ok).toBe(false);
      expect(
        verifyInitDataSignature(raw, {
          botId: 1,
          publicKeyHex: TELEGRAM_PUBLIC_KEY_PRODUCTION,
          maxAgeSeconds: 60,
        }).ok,
      ).toBe(false);
    }
  });

  it('seeded fuzz: one-character mutations are refused unless they decode identically', () => {
    const random = mulberry32(42);
    const original = parseInitData(good);
    const alphabet = 'abcdefABCDEF0123456789%&=+_-.';
    for (let n = 0; n < 3000; n++) {
      const i = Math.floor(random() * good.length);
      const c = alphabet[Math.floor(random() * alphabet.length)] ?? 'a';
      const raw = good.slice(0, i) + c + good.slice(i + 1);
      const result = verifyInitData(raw, opts);
      // Hex case inside a percent escape or the hash decodes to the same bytes; that is not a forgery.
      if (result.ok) {
        expect(dataCheckString(result.data)).toBe(original && dataCheckString(original));
        expect(result.data.hash?.toLowerCase()).toBe(original?.hash);
      }
    }
  });
});

/** Small deterministic PRNG so fuzz failures reproduce. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
