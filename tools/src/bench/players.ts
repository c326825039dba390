/**
 * Players for the load: each signs in as Telegram would launch the Mini App (initData signed with
 * the bench bot token), then fetches its websocket token from /users/me.
 */
import http from 'node:http';
import { signInitData } from '@pixel-wall/server/src/integrations/telegram/init-data.ts';
import { BENCH_BOT_TOKEN } from './server.ts';

export interface Player {
  id: number;
  token: string;
  wsToken: string;
}

// The sign-in route allows 30 calls a minute per address; spreading the calls over several loopback
// source addresses (all of 127.0.0.0/8 is local on Linux) keeps every address under that limit.
const SIGN_INS_PER_ADDRESS = 25;
const FIRST_USER_ID = 7_000_000_000;

export interface JsonReply {
  status: number;
  body: unknown;
}

export function requestJson(
  baseUrl: string,
  method: string,
  url: string,
  opts: { body?: unknown; token?: string; localAddress?: string; agent?: http.Agent } = {},
): Promise<JsonReply> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = {};
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseUrl}${url}`,
      { method, headers, localAddress: opts.localAddress, agent: opts.agent ?? false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function signInOne(baseUrl: string, index: number): Promise<Player> {
  const id = FIRST_USER_ID + index;
  const initData = signInitData(
    {
      auth_date: String(Math.floor(Date.now() / 1000)),
      query_id: `AAbench${id}`,
      user: JSON.stringify({ id, first_name: `Bench ${index}`, language_code: 'en' }),
    },
    BENCH_BOT_TOKEN,
  );
  const localAddress = `127.0.0.${2 + Math.floor(index / SIGN_INS_PER_ADDRESS)}`;
  const signIn = await requestJson(baseUrl, 'POST', '/api/v1/auth/telegram', {
    body: { initData },
    localAddress,
  });
  const token = (signIn.body as { token?: unknown }).token;
  if (signIn.status !== 200 || typeof token !== 'string') {
    throw new Error(`sign-in of player ${index} failed: ${signIn.status} ${JSON.stringify(signIn.body)}`);
  }
  const me = await requestJson(baseUrl, 'GET', '/api/v1/users/me', { token });
  const wsToken = (me.body as { websocketToken?: unknown }).websocketToken;
  if (me.status !== 200 || typeof wsToken !== 'string') {
    throw new Error(`/users/me of player ${index} failed: ${me.status} ${JSON.stringify(me.body)}`);
  }
  return { id, token, wsToken };
}

/** Signs in `count` players, a few at a time; ids are fixed so a run is repeatable. */
export async function signInPlayers(baseUrl: string, count: number, concurrency = 16): Promise<Player[]> {
  if (2 + Math.ceil(count / SIGN_INS_PER_ADDRESS) > 254) throw new Error('too many players for 127.0.0.x');
  const players: Player[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      players[i] = await signInOne(baseUrl, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return players;
}
