import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vectorsDir } from '../../testing/vectors.ts';
import {
  type LoginWidgetPayload,
  type LoginWidgetResult,
  loginWidgetDataCheckString,
  signLoginWidget,
  verifyLoginWidget,
} from './login-widget.ts';

// ---------- vectors ----------

interface LoginWidgetCase {
  id: string;
  data: LoginWidgetPayload;
  bot_token: string;
  expected_valid: boolean;
  data_check_string?: string;
}

function loadLoginWidgetVectors(): { file: string; cases: LoginWidgetCase[] }[] {
  const dir = vectorsDir();
  const names = readdirSync(dir).filter((name) => name.startsWith('login-widget-') && name.endsWith('.json'));
  if (names.length === 0) throw new Error(`no login-widget-*.json vectors in ${dir}`);
  return names.sort().map((file) => {
    const json = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { cases?: LoginWidgetCase[] };
    if (!Array.isArray(json.cases) || json.cases.length === 0) throw new Error(`${file}: no cases`);
    for (const c of json.cases) {
      if (typeof c.expected_valid !== 'boolean') throw new Error(`${file} ${c.id}: no expected_valid`);
    }
    return { file, cases: json.cases };
  });
}

const vectorFiles = loadLoginWidgetVectors();

describe('published login widget vectors (freshness off)', () => {
  it('found vector files with cases', () => {
    expect(vectorFiles.map((f) => f.file)).toContain('login-widget-aiogram.json');
  });

  for (const vf of vectorFiles) {
    describe(vf.file, () => {
      for (const c of vf.cases) {
        it(`${c.id} → ${c.expected_valid ? 'valid' : 'invalid'}`, () => {
          const result = verifyLoginWidget(c.data, { botToken: c.bot_token, maxAgeSeconds: null });
          expect(result.ok, result.ok ? 'accepted' : result.reason).toBe(c.expected_valid);
          if (!result.ok) expect(result.code).toBe('INVALID_LOGIN_PAYLOAD');
          if (c.data_check_string !== undefined) {
            expect(loginWidgetDataCheckString(c.data)).toBe(c.data_check_string);
          }
        });
      }
    });
  }

  it('maps the valid vector to a user', () => {
    const c = vectorFiles.flatMap((f) => f.cases).find((x) => x.id === 'valid');
    expect(c).toBeDefined();
    if (!c) return;
    const result = verifyLoginWidget(c.data, { botToken: c.bot_token, maxAgeSeconds: null });
    expect(result).toEqual({
      ok: true,
      user: {
        id: 42,
        firstName: 'John',
        lastName: 'Smith',
        username: 'username',
        languageCode: null,
        isPremium: false,
        photoUrl: 'https://t.me/i/userpic/320/picname.jpg',
        allowsWriteToPm: false,
      },
    });
  });

  it('accepts the valid vector with numbers instead of digit strings', () => {
    const c = vectorFiles.flatMap((f) => f.cases).find((x) => x.id === 'valid');
    if (!c) throw new Error('valid case missing');
    const data = { ...c.data, id: Number(c.data.id), auth_date: Number(c.data.auth_date) };
    expect(verifyLoginWidget(data, { botToken: c.bot_token, maxAgeSeconds: null }).ok).toBe(true);
  });
});

// ---------- freshness (fresh data signed here) ----------

const TOKEN = '987654:login-widget-test-token';
const NOW = 1_800_000_000;
const DAY = 86_400;

function fresh(authDate: number | null = NOW, extra: LoginWidgetPayload = {}): Record<string, string> {
  const fields: LoginWidgetPayload = { id: 5, first_name: 'Grace', username: 'grace', ...extra };
  if (authDate !== null) fields.auth_date = authDate;
  return signLoginWidget(fields, TOKEN);
}

describe('signLoginWidget + verifyLoginWidget freshness', () => {
  const opts = { botToken: TOKEN, maxAgeSeconds: DAY, now: NOW };

  it('round-trips', () => {
    const result = verifyLoginWidget(fresh(), opts);
    expect(result).toMatchObject({ ok: true, user: { id: 5, firstName: 'Grace', username: 'grace' } });
  });

  it('refuses to sign a hash field', () => {
    expect(() => signLoginWidget({ hash: 'x' }, TOKEN)).toThrow(TypeError);
  });

  it('accepts within maxAge, EXPIRED beyond it', () => {
    expect(verifyLoginWidget(fresh(NOW - DAY), opts).ok).toBe(true);
    expect(verifyLoginWidget(fresh(NOW - DAY - 1), opts)).toMatchObject({
      ok: false,
      code: 'EXPIRED_INIT_DATA',
    });
    expect(verifyLoginWidget(fresh(NOW - DAY - 1), { ...opts, maxAgeSeconds: null }).ok).toBe(true);
  });

  it('defaults now to the wall clock', () => {
    const payload = fresh(Math.floor(Date.now() / 1000));
    expect(verifyLoginWidget(payload, { botToken: TOKEN, maxAgeSeconds: 60 }).ok).toBe(true);
  });

  it('refuses auth_date more than 60 s ahead, missing or non-numeric', () => {
    expect(verifyLoginWidget(fresh(NOW + 60), opts).ok).toBe(true);
    expect(verifyLoginWidget(fresh(NOW + 61), opts)).toMatchObject({
      ok: false,
      code: 'INVALID_LOGIN_PAYLOAD',
    });
    expect(verifyLoginWidget(fresh(null), opts)).toMatchObject({ ok: false, code: 'INVALID_LOGIN_PAYLOAD' });
    expect(verifyLoginWidget(fresh(null, { auth_date: 'yesterday' }), opts)).toMatchObject({
      ok: false,
      code: 'INVALID_LOGIN_PAYLOAD',
    });
  });

  it('refuses a signed payload without id or first_name', () => {
    const noName = signLoginWidget({ id: 5, auth_date: NOW }, TOKEN);
    expect(verifyLoginWidget(noName, opts)).toMatchObject({ ok: false, code: 'INVALID_LOGIN_PAYLOAD' });
    const noId = signLoginWidget({ first_name: 'A', auth_date: NOW }, TOKEN);
    expect(verifyLoginWidget(noId, opts)).toMatchObject({ ok: false, code: 'INVALID_LOGIN_PAYLOAD' });
  });
});

// ---------- forgery ----------

describe('forgery is refused and nothing throws', () => {
  const opts = { botToken: TOKEN, maxAgeSeconds: null };
  const good = fresh();

  function refused(payload: unknown, botToken = TOKEN): void {
    let result: LoginWidgetResult | undefined;
    expect(() => {
      result = verifyLoginWidget(payload as LoginWidgetPayload, { ...opts, botToken });
    }).not.toThrow();
    expect(result).toMatchObject({ ok: false, code: 'INVALID_LOGIN_PAYLOAD' });
  }

  it('baseline is accepted', () => {
    expect(verifyLoginWidget(good, opts).ok).toBe(true);
  });

  it('flipped hash characters, wrong-length or non-hex hash, missing hash', () => {
    const hash = good.hash ?? '';
    for (let i = 0; i < hash.length; i += 5) {
      const c = hash[i] === '0' ? '1' : '0';
      refused({ ...good, hash: hash.slice(0, i) + c + hash.slice(i + 1) });
    }
    refused({ ...good, hash: `${hash}0` });
    refused({ ...good, hash: hash.slice(0, 63) });
    refused({ ...good, hash: `${hash.slice(0, 62)}zz` });
    refused({ ...good, hash: '' });
    const { hash: _dropped, ...withoutHash } = good;
    refused(withoutHash);
  });

  it('added, removed or changed fields, wrong token', () => {
    refused({ ...good, extra: '1' });
    const { username: _u, ...withoutUsername } = good;
    refused(withoutUsername);
    refused({ ...good, id: '6' });
    refused({ ...good, auth_date: String(NOW + 1) });
    refused(good, `${TOKEN}x`);
    refused(good, '');
  });

  it('garbage payloads', () => {
    for (const payload of [null, undefined, 42, 'hash=00', [], [good], {}, { hash: 42 }]) refused(payload);
    refused({ ...good, first_name: { a: 1 } });
    refused({ ...good, id: Number.NaN });
    refused({ ...good, photo_url: 'x'.repeat(8 * 1024) });
    const many: Record<string, string> = { ...good };
    for (let i = 0; i < 1000; i++) many[`f${i}`] = 'v';
    refused(many);
  });

  it('seeded fuzz: random payloads never throw and are never accepted', () => {
    const random = mulberry32(0xc0ffee);
    const keys = [
      'id',
      'first_name',
      'last_name',
      'username',
      'photo_url',
      'auth_date',
      'hash',
      '__proto__',
      '',
    ];
    const values: unknown[] = ['', '0', '42', 'John', '%', '\n', good.hash, NOW, -1, 1.5, null, true, {}, []];
    for (let n = 0; n < 3000; n++) {
      const payload: Record<string, unknown> = {};
      const count = Math.floor(random() * 8);
      for (let i = 0; i < count; i++) {
        const key = keys[Math.floor(random() * keys.length)] ?? 'id';
        Object.defineProperty(payload, key, {
          value: values[Math.floor(random() * values.length)],
          enumerable: true,
          configurable: true,
          writable: true,
        });
      }
      refused(payload);
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
