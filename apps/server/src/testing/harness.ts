/**
 * Test support: boots the real app (buildApp) on a real database and a real port.
 * PostgreSQL tests use a throwaway database on TEST_DATABASE_URL's server; they are skipped when
 * no server answers, unless CI or REQUIRE_POSTGRES is set, where a missing server fails the run.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type AppDeps, type BuiltApp, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { signInitData } from '../integrations/telegram/init-data.ts';

export const TEST_BOT_TOKEN = '123456789:AAH-test-token-for-pixel-wall-tests-0001';

export type DbKind = 'pglite' | 'postgres';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const postgresRequired = Boolean(process.env.CI || process.env.REQUIRE_POSTGRES);

let postgresUp: Promise<boolean> | null = null;
export function postgresAvailable(): Promise<boolean> {
  postgresUp ??= (async () => {
    const c = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
    try {
      await c.connect();
      await c.query('SELECT 1');
      return true;
    } catch {
      return false;
    } finally {
      await c.end().catch(() => {});
    }
  })();
  return postgresUp;
}

/** Database kinds to run a suite against: PGlite always, PostgreSQL when up (or required). */
export async function dbKinds(): Promise<DbKind[]> {
  if (await postgresAvailable()) return ['pglite', 'postgres'];
  if (postgresRequired) throw new Error(`PostgreSQL is required (CI) but does not answer at ${ADMIN_URL}`);
  console.warn(
    `PostgreSQL not reachable at ${ADMIN_URL}: its tests are skipped here (they are required in CI).`,
  );
  return ['pglite'];
}

/** A database that survives app restarts within one test, and is dropped at the end. */
export interface TestStore {
  kind: DbKind;
  open(): Promise<Database>;
  url: string | null;
  /** PGlite: the DATA_DIR the store lives in */
  dataDir: string | null;
  dispose(): Promise<void>;
}

export async function createTestStore(kind: DbKind): Promise<TestStore> {
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-pglite-'));
    return {
      kind,
      url: null,
      dataDir: dir,
      open: () => openDatabase({ url: null, dataDir: dir }),
      dispose: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `pw_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  return {
    kind,
    url,
    dataDir: null,
    open: () => openDatabase({ url, dataDir: null, poolSize: 5 }),
    dispose: async () => {
      const a = new pg.Client({ connectionString: ADMIN_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
    LOG_LEVEL: 'silent',
    COMMIT_WINDOW_MS: '2',
    TICK_MS: '20',
    SNAPSHOT_MAX_AGE_MS: '0',
    RATE_LIMIT_PAINTS_PER_SECOND: '1000',
    RATE_LIMIT_IP_PER_MINUTE: '100000',
    RATE_LIMIT_SIGNIN_PER_MINUTE: '100000',
    WEB_DIST: '/nonexistent',
    ...env,
  });
}

export interface RunningApp {
  built: BuiltApp;
  db: Database;
  baseUrl: string;
  wsUrl: string;
  stop(): Promise<void>;
}

export async function startApp(
  store: TestStore,
  config: Config = testConfig(),
  extra: Partial<AppDeps> = {},
): Promise<RunningApp> {
  const db = await store.open();
  await migrate(db);
  const built = await buildApp({ config, db, logger: false, ...extra });
  const address = await built.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    built,
    db,
    baseUrl: address,
    wsUrl: address.replace(/^http/, 'ws'),
    stop: async () => {
      await built.close();
      await db.close();
    },
  };
}

export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export async function api<T = Record<string, unknown>>(
  base: string,
  method: string,
  url: string,
  opts: {
    body?: unknown;
    token?: string;
    initData?: string;
    headers?: Record<string, string>;
    raw?: string;
  } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.initData) headers.authorization = `initData ${opts.initData}`;
  let body: string | undefined;
  if (opts.raw !== undefined) body = opts.raw;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${url}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export async function devSignIn(base: string, firstName = 'Tester', extra: Record<string, unknown> = {}) {
  const r = await api<{ token: string; refresh_token: string }>(base, 'POST', '/api/v1/auth/dev', {
    body: { firstName, ...extra },
  });
  if (r.status !== 200) throw new Error(`dev sign-in failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Signs in as Telegram would launch the Mini App: initData signed with the test bot token. */
export function initDataFor(
  user: { id: number; first_name: string; username?: string; language_code?: string },
  opts: { startParam?: string; authDate?: number; botToken?: string } = {},
): string {
  const fields: Record<string, string> = {
    auth_date: String(opts.authDate ?? Math.floor(Date.now() / 1000)),
    query_id: `AA${user.id}`,
    user: JSON.stringify(user),
  };
  if (opts.startParam) fields.start_param = opts.startParam;
  return signInitData(fields, opts.botToken ?? TEST_BOT_TOKEN);
}

/**
 * Signs in a new Telegram player on each call: ids `firstId + 1`, `+ 2`, … and first names
 * `${name}${n}`. `base` is read at each call, so the factory can exist before the app starts.
 */
export function playerFactory(base: () => string, firstId: number, defaultName: string) {
  let n = 0;
  return async (name = defaultName) => {
    n++;
    const id = firstId + n;
    return { id, token: (await telegramSignIn(base(), { id, first_name: `${name}${n}` })).token };
  };
}

export async function telegramSignIn(
  base: string,
  user: { id: number; first_name: string; username?: string },
  opts: { startParam?: string } = {},
) {
  const r = await api<{ token: string; refresh_token: string }>(base, 'POST', '/api/v1/auth/telegram', {
    body: { initData: initDataFor(user, opts) },
  });
  if (r.status !== 200) throw new Error(`sign-in failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
