/**
 * A local stand-in for a CoinGecko-style market-data API, speaking the same HTTP as the call the
 * server makes: `GET /api/v3/coins/markets?vs_currency=usd&ids=<id>[,<id>…]` answers a JSON array
 * of the coins it knows (current_price, market_cap, total_volume, total_supply,
 * circulating_supply, last_updated). Coins and failure modes are set through a control API,
 * in-process or over HTTP:
 *   POST /_fake/coins  {id, current_price, market_cap?, total_volume?, total_supply?, circulating_supply?}
 *   POST /_fake/mode   {mode: "ok" | "slow" | "malformed" | "error" | "huge", delayMs?}
 *   POST /_fake/reset
 *
 * CLI for the local demo: node --import tsx tools/src/fakes/market-data.ts [--port 8092]
 */
import http from 'node:http';
import { argValue, closeServer, listen, runStandalone } from './serve.ts';

export interface FakeCoin {
  id: string;
  symbol?: string;
  name?: string;
  current_price: number | null;
  market_cap?: number | null;
  total_volume?: number | null;
  total_supply?: number | null;
  circulating_supply?: number | null;
}

/** ok: normal answers; slow: wait `delayMs` first; malformed: broken JSON; error: HTTP 500; huge: a 2 MiB body */
export type FakeMarketMode = 'ok' | 'slow' | 'malformed' | 'error' | 'huge';

export interface FakeMarketData {
  /** base URL to configure as MARKET_DATA_URL */
  url: string;
  setCoin(coin: FakeCoin): void;
  setMode(mode: FakeMarketMode, delayMs?: number): void;
  /** market requests served (control calls not counted) */
  readonly requests: number;
  reset(): void;
  close(): Promise<void>;
}

/** The PX figures the demo and the browser tests start with. */
export const DEMO_PX_COIN: FakeCoin = {
  id: 'pixel-wall-px',
  symbol: 'px',
  name: 'PX',
  current_price: 0.0734,
  market_cap: 17_983_000,
  total_volume: 1_254_300,
  total_supply: 245_000_000,
  circulating_supply: 245_000_000,
};

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const MODES: readonly FakeMarketMode[] = ['ok', 'slow', 'malformed', 'error', 'huge'];

function num(v: unknown, field: string): number | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
    throw new HttpError(422, `${field} must be a number ≥ 0`);
  return v;
}

export async function startFakeMarketData(
  opts: { port?: number; host?: string; coins?: FakeCoin[] } = {},
): Promise<FakeMarketData> {
  const coins = new Map<string, FakeCoin & { last_updated: string }>();
  let mode: FakeMarketMode = 'ok';
  let delayMs = 10_000;
  let requests = 0;

  function setCoin(coin: FakeCoin): void {
    if (typeof coin?.id !== 'string' || !/^[a-z0-9][a-z0-9._-]{0,99}$/.test(coin.id)) {
      throw new HttpError(422, 'id must be a lower-case coin id');
    }
    coins.set(coin.id, {
      id: coin.id,
      symbol: coin.symbol ?? coin.id.slice(0, 8),
      name: coin.name ?? coin.id,
      current_price: num(coin.current_price, 'current_price'),
      market_cap: num(coin.market_cap, 'market_cap'),
      total_volume: num(coin.total_volume, 'total_volume'),
      total_supply: num(coin.total_supply, 'total_supply'),
      circulating_supply: num(coin.circulating_supply, 'circulating_supply'),
      last_updated: new Date().toISOString(),
    });
  }
  function setMode(next: FakeMarketMode, delay?: number): void {
    if (!MODES.includes(next)) throw new HttpError(422, `mode must be one of ${MODES.join(', ')}`);
    mode = next;
    if (delay !== undefined) delayMs = delay;
  }
  function reset(): void {
    coins.clear();
    mode = 'ok';
    delayMs = 10_000;
    requests = 0;
    for (const c of opts.coins ?? []) setCoin(c);
  }
  reset();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const send = (status: number, payload: string) => {
        if (res.destroyed) return;
        res.writeHead(status, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        });
        res.end(payload);
      };
      try {
        if (url.pathname.startsWith('/_fake/')) {
          const text = Buffer.concat(chunks).toString('utf8');
          const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
          if (req.method === 'POST' && url.pathname === '/_fake/coins') setCoin(body as unknown as FakeCoin);
          else if (req.method === 'POST' && url.pathname === '/_fake/mode')
            setMode(body.mode as FakeMarketMode, typeof body.delayMs === 'number' ? body.delayMs : undefined);
          else if (req.method === 'POST' && url.pathname === '/_fake/reset') reset();
          else throw new HttpError(404, `no route ${req.method} ${url.pathname}`);
          send(200, '{"ok":true}');
          return;
        }
        if (req.method !== 'GET' || url.pathname !== '/api/v3/coins/markets') {
          throw new HttpError(404, `no route ${req.method} ${url.pathname}`);
        }
        requests++;
        if (url.searchParams.get('vs_currency') !== 'usd')
          throw new HttpError(400, 'vs_currency must be usd');
        const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
        const answer = JSON.stringify(ids.flatMap((id) => (coins.has(id) ? [coins.get(id)] : [])));
        if (mode === 'error') return send(500, '{"error":"internal error"}');
        if (mode === 'malformed') return send(200, '[{"id": "px", "current_price": ');
        if (mode === 'huge') return send(200, `[${' '.repeat(2 * 1024 * 1024)}]`);
        if (mode === 'slow') {
          setTimeout(() => send(200, answer), delayMs).unref();
          return;
        }
        send(200, answer);
      } catch (err) {
        send(err instanceof HttpError ? err.status : 400, JSON.stringify({ error: (err as Error).message }));
      }
    });
  });

  const url = await listen(server, opts.port, opts.host);

  return {
    url,
    setCoin,
    setMode,
    get requests() {
      return requests;
    },
    reset,
    close: () => closeServer(server),
  };
}

await runStandalone(
  import.meta.url,
  () =>
    startFakeMarketData({
      port: Number(argValue('--port') ?? 8092),
      host: argValue('--host') ?? '127.0.0.1',
      coins: [DEMO_PX_COIN],
    }),
  (fake) =>
    console.info(
      `fake market data listening on ${fake.url} (set MARKET_DATA_URL=${fake.url} MARKET_DATA_TOKEN_ID=${DEMO_PX_COIN.id})`,
    ),
);
