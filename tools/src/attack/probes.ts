/**
 * The attack's probes. Each one runs against live server processes over loopback, is bounded in
 * requests and time, and returns its figures plus findings: a finding is a broken promise (a
 * forged sign-in that worked, a paint beyond the charges, a 5xx, a reply in the wrong format,
 * a double fulfilment, memory or latency blown up by junk).
 */
import net from 'node:net';
import { API_PREFIX, BASIC_COLORS, pixelIdOf } from '@pixel-wall/shared';
import WebSocket from 'ws';
import { signInitData } from '../../../apps/server/src/integrations/telegram/init-data.ts';
import { type Player, signInPlayer, TOOLS_BOT_TOKEN } from '../lib/players.ts';
import type { ServerProcess } from '../lib/server-process.ts';
import { isAppError, json, percentile, pool, type RawRequest, rssOf, send } from './client.ts';

export interface ProbeResult {
  name: string;
  /** what was measured, in words and numbers */
  figures: Record<string, string | number>;
  findings: string[];
}

export interface Route {
  method: string;
  url: string;
}

function result(name: string): ProbeResult {
  return { name, figures: {}, findings: [] };
}

// ---------- sign-in forgeries ----------

function initDataFor(id: number, authDate: number, token = TOOLS_BOT_TOKEN): string {
  return signInitData(
    { auth_date: String(authDate), query_id: `AA${id}`, user: JSON.stringify({ id, first_name: `P${id}` }) },
    token,
  );
}

export async function signInForgeries(server: ServerProcess, firstId: number): Promise<ProbeResult> {
  const r = result('sign-in forgeries');
  const now = Math.floor(Date.now() / 1000);
  const genuine = initDataFor(firstId, now);
  const hash = /hash=([0-9a-f]{64})/.exec(genuine)![1]!;
  const me = (initData: string) =>
    send(server.url, {
      method: 'GET',
      path: `${API_PREFIX}/users/me`,
      headers: { authorization: `initData ${initData}` },
    });
  const signIn = (initData: string) =>
    send(server.url, json('POST', `${API_PREFIX}/auth/telegram`, { initData }));

  const ok = await me(genuine);
  if (ok.status !== 200) r.findings.push(`genuine initData refused: ${ok.status} ${ok.body.slice(0, 200)}`);
  const forgeries: [string, string][] = [
    ['the hash alone, after the genuine string was verified', `hash=${hash}`],
    [
      'the genuine hash with another user',
      genuine.replace(
        /user=[^&]+/,
        `user=${encodeURIComponent(JSON.stringify({ id: firstId + 1, first_name: 'X' }))}`,
      ),
    ],
    ['the genuine hash with a later auth_date', genuine.replace(/auth_date=\d+/, `auth_date=${now + 60}`)],
    [
      'signed by another bot token',
      initDataFor(firstId, now, '987654321:AAH-not-the-servers-token-00000000'),
    ],
    ['expired (signed two days ago)', initDataFor(firstId, now - 2 * 86_400)],
    ['dated in the future', initDataFor(firstId, now + 3_600)],
    ['no hash', genuine.replace(/&?hash=[0-9a-f]{64}/, '')],
    ['a hash of zeros', genuine.replace(/hash=[0-9a-f]{64}/, `hash=${'0'.repeat(64)}`)],
  ];
  let refused = 0;
  for (const [what, initData] of forgeries) {
    const [viaHeader, viaSignIn] = await Promise.all([me(initData), signIn(initData)]);
    if (viaHeader.status === 200) r.findings.push(`initData header accepted: ${what}`);
    else refused++;
    if (viaSignIn.status === 200) r.findings.push(`sign-in accepted: ${what}`);
    else refused++;
    for (const res of [viaHeader, viaSignIn]) {
      if (res.status >= 500) r.findings.push(`${what}: ${res.status}`);
    }
  }
  // Bearer tokens: garbage, a truncated genuine one, the signature of another.
  const player = await signInPlayer(server.url, firstId + 2);
  const bearerForgeries: [string, string][] = [
    ['garbage', 'garbage'],
    ['truncated', player.token.slice(0, -4)],
    ['payload swapped', swapJwtPayload(player.token, firstId + 3)],
  ];
  for (const [what, token] of bearerForgeries) {
    const res = await send(server.url, {
      method: 'GET',
      path: `${API_PREFIX}/users/me`,
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status === 200) r.findings.push(`bearer token accepted: ${what}`);
    else refused++;
  }
  // Dev sign-in through a proxy (a forwarding header) must never work, whatever the mode.
  const dev = await send(server.url, {
    ...json('POST', `${API_PREFIX}/auth/dev`, { id: 1, firstName: 'Dev' }),
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
  });
  if (dev.status === 200) r.findings.push('dev sign-in accepted through a proxy (X-Forwarded-For)');
  else refused++;
  r.figures.forgeries = forgeries.length * 2 + bearerForgeries.length + 1;
  r.figures.refused = refused;
  return r;
}

function swapJwtPayload(token: string, id: number): string {
  const parts = token.split('.');
  if (parts.length !== 3) return `${token}x`;
  try {
    const payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    for (const k of ['sub', 'u', 'id', 'userId'])
      if (k in payload) payload[k] = typeof payload[k] === 'string' ? String(id) : id;
    return `${parts[0]}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${parts[2]}`;
  } catch {
    return `${token}x`;
  }
}

// ---------- racing paints ----------

/**
 * `players` players with `charges` charges each fire `racing` paints at once (spread over the
 * given servers); exactly `charges` must be accepted for each.
 */
export async function racingPaints(
  servers: ServerProcess[],
  opts: { firstId: number; players: number; charges: number; racing: number },
): Promise<ProbeResult> {
  const r = result(`racing paints (${servers.length} instance${servers.length > 1 ? 's' : ''})`);
  const accepted: number[] = [];
  const statuses = new Map<number, number>();
  for (let p = 0; p < opts.players; p++) {
    const player = await signInPlayer(servers[0]!.url, opts.firstId + p);
    const replies = await Promise.all(
      Array.from({ length: opts.racing }, (_, i) =>
        send(
          servers[i % servers.length]!.url,
          json(
            'POST',
            `${API_PREFIX}/repaint/start`,
            { pixelId: pixelIdOf((p * 37 + i) % 1024, 900 + (p % 100)), newColor: BASIC_COLORS[1 + (i % 8)] },
            player.token,
          ),
        ),
      ),
    );
    let ok = 0;
    for (const res of replies) {
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 200) ok++;
      else if (res.status >= 500 || !isAppError(res.body))
        r.findings.push(`paint reply ${res.status}: ${res.body.slice(0, 160)}`);
    }
    accepted.push(ok);
    if (ok !== opts.charges)
      r.findings.push(
        `player ${p + 1}: ${ok} of ${opts.racing} racing paints accepted on ${opts.charges} charges`,
      );
  }
  r.figures.players = opts.players;
  r.figures['racing paints each'] = opts.racing;
  r.figures.charges = opts.charges;
  r.figures['accepted per player (min–max)'] = `${Math.min(...accepted)}–${Math.max(...accepted)}`;
  r.figures.statuses = [...statuses].map(([s, n]) => `${s}×${n}`).join(', ');
  return r;
}

/**
 * One player bursts `burst` paints across the servers; at most the documented limit may pass:
 * a bucket of twice the per-second rate, plus what refills while the burst is in flight.
 */
export async function paintRateLimit(
  servers: ServerProcess[],
  opts: { playerId: number; burst: number; perSecond: number },
): Promise<ProbeResult> {
  const r = result(`per-player paint limit (${servers.length} instance${servers.length > 1 ? 's' : ''})`);
  const player = await signInPlayer(servers[0]!.url, opts.playerId);
  const started = performance.now();
  const replies = await Promise.all(
    Array.from({ length: opts.burst }, (_, i) =>
      send(
        servers[i % servers.length]!.url,
        json(
          'POST',
          `${API_PREFIX}/repaint/start`,
          { pixelId: pixelIdOf(i % 1024, 1000), newColor: BASIC_COLORS[2] },
          player.token,
        ),
      ),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const ok = replies.filter((x) => x.status === 200).length;
  const allowed = 2 * opts.perSecond + Math.ceil(opts.perSecond * seconds) + 1;
  r.figures.burst = opts.burst;
  r.figures.accepted = ok;
  r.figures['limit (per s, bursts of twice that)'] = opts.perSecond;
  r.figures['burst took'] = `${Math.round(seconds * 1000)} ms`;
  r.figures['allowed at most'] = allowed;
  if (ok > allowed)
    r.findings.push(
      `${ok} of ${opts.burst} paints passed a limit of ${opts.perSecond}/s (at most ${allowed})`,
    );
  for (const res of replies) if (res.status >= 500) r.findings.push(`paint reply ${res.status}`);
  return r;
}

// ---------- fuzz ----------

const PARAM_VALUES = [
  '',
  '0',
  '-1',
  '1e999',
  '9'.repeat(40),
  '%',
  '%zz',
  '%00',
  '%E0%A4%A',
  'a'.repeat(5_000),
  '..%2F..%2Fetc%2Fpasswd',
  '%F0%9F%98%80',
  "1'--",
  '1',
];

function bodies(size: 'small' | 'all'): { type: string; body: string | Buffer }[] {
  const out: { type: string; body: string | Buffer }[] = [
    { type: 'application/json', body: '{}' },
    { type: 'application/json', body: 'null' },
    { type: 'application/json', body: '[]' },
    { type: 'application/json', body: '"x"' },
    { type: 'application/json', body: '{"a":' },
    {
      type: 'application/json',
      body: '{"pixelId":-1,"newColor":"#zzzzzz","type":1e308,"qty":-5,"id":"x","__proto__":{"admin":true}}',
    },
    { type: 'application/json', body: `{"initData":"${'A'.repeat(9_000)}"}` },
    { type: 'text/plain', body: 'hello' },
    { type: 'application/x-www-form-urlencoded', body: 'a=1&b=2' },
    { type: 'application/json', body: Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0xc3]) },
  ];
  if (size === 'all') {
    out.push(
      { type: 'application/json', body: `${'['.repeat(5_000)}${']'.repeat(5_000)}` },
      { type: 'application/json', body: JSON.stringify({ x: 'y'.repeat(40_000) }) },
      {
        type: 'multipart/form-data; boundary=x',
        body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
      },
    );
  }
  return out;
}

function randomJson(depth = 0): unknown {
  const k = Math.floor(Math.random() * (depth > 2 ? 5 : 7));
  switch (k) {
    case 0:
      return Math.floor(Math.random() * 2 ** 40) * (Math.random() < 0.5 ? -1 : 1);
    case 1:
      return Math.random() < 0.5 ? 'x'.repeat(Math.floor(Math.random() * 300)) : '\u0000\ud800';
    case 2:
      return Math.random() < 0.5;
    case 3:
      return null;
    case 4:
      return Math.random() * 1e20;
    case 5:
      return Array.from({ length: Math.floor(Math.random() * 4) }, () => randomJson(depth + 1));
    default: {
      const keys = [
        'id',
        'type',
        'qty',
        'pixelId',
        'newColor',
        'color',
        'name',
        'role',
        'initData',
        'x',
        'y',
        'amount',
        'address',
      ];
      return Object.fromEntries(
        Array.from({ length: 1 + Math.floor(Math.random() * 4) }, () => [
          keys[Math.floor(Math.random() * keys.length)]!,
          randomJson(depth + 1),
        ]),
      );
    }
  }
}

export async function fuzzRoutes(
  server: ServerProcess,
  routes: Route[],
  opts: { player: Player; randomPerRoute: number; size: 'small' | 'all' },
): Promise<ProbeResult> {
  const r = result('fuzz of every route');
  const requests: RawRequest[] = [];
  const auths = ['', `Bearer ${opts.player.token}`, 'Bearer garbage', 'initData hash=00'];
  for (const route of routes) {
    const hasParams = route.url.includes(':');
    const paths = hasParams
      ? PARAM_VALUES.map((v) => route.url.replace(/:[A-Za-z_]+/g, v))
      : [route.url, `${route.url}?${'q'.repeat(3_000)}=%zz`];
    const withBody = route.method !== 'GET' && route.method !== 'HEAD';
    for (const [i, path] of paths.entries()) {
      const authorization = auths[i % auths.length]!;
      const headers: Record<string, string> = authorization ? { authorization } : {};
      requests.push({ method: route.method, path, headers });
    }
    if (withBody) {
      for (const [i, b] of bodies(opts.size).entries()) {
        const authorization = auths[i % auths.length]!;
        requests.push({
          method: route.method,
          path: route.url.replace(/:[A-Za-z_]+/g, '1'),
          headers: { 'content-type': b.type, ...(authorization ? { authorization } : {}) },
          body: b.body,
        });
      }
      for (let i = 0; i < opts.randomPerRoute; i++) {
        requests.push({
          ...json(
            route.method,
            route.url.replace(/:[A-Za-z_]+/g, String(1 + (i % 3))),
            randomJson(),
            opts.player.token,
          ),
        });
      }
    }
  }
  // Paths the router never saw.
  for (const path of [
    '/%',
    '/%zz',
    `/${'a'.repeat(10_000)}`,
    `${API_PREFIX}/${'b'.repeat(4_000)}`,
    `${API_PREFIX}/nope`,
    '/api/v1/users/%ff/profile',
  ]) {
    requests.push(
      { method: 'GET', path },
      { method: 'POST', path, headers: { 'content-type': 'application/json' }, body: '{}' },
    );
  }
  const statuses = new Map<string, number>();
  const started = performance.now();
  const replies = await pool(
    16,
    requests.map((req) => async () => ({ req, res: await send(server.url, { ...req, timeoutMs: 20_000 }) })),
  );
  for (const { req, res } of replies) {
    const cls = res.status === 0 ? 'no reply' : `${Math.floor(res.status / 100)}xx`;
    statuses.set(cls, (statuses.get(cls) ?? 0) + 1);
    const what = `${req.method} ${req.path.slice(0, 80)}${req.path.length > 80 ? '…' : ''}`;
    if (res.status === 0) r.findings.push(`${what}: no reply (${res.body.slice(0, 80)})`);
    else if (res.status >= 500 && res.status !== 503)
      r.findings.push(`${what}: ${res.status} ${res.body.slice(0, 160)}`);
    else if (res.status >= 400 && req.method !== 'HEAD' && !isAppError(res.body))
      r.findings.push(`${what}: ${res.status} not in the app's error format: ${res.body.slice(0, 160)}`);
    else if (res.status >= 400 && res.body.length > 2_000)
      r.findings.push(`${what}: ${res.status} error body of ${res.body.length} bytes (echoes input?)`);
  }
  const health = await send(server.url, { method: 'GET', path: '/healthz' });
  if (health.status !== 200) r.findings.push(`/healthz ${health.status} after the fuzz`);
  r.figures.routes = routes.length;
  r.figures.requests = requests.length;
  r.figures['requests/s'] = Math.round(requests.length / ((performance.now() - started) / 1000));
  r.figures.replies = [...statuses]
    .sort()
    .map(([s, n]) => `${s} ${n}`)
    .join(', ');
  // The worst first (no reply, 5xx), then the rest; at most 50 lines, with the count of the others.
  const severity = (f: string) => (/: no reply|: 5\d\d /.test(f) ? 0 : 1);
  const all = [...new Set(r.findings)].sort((a, b) => severity(a) - severity(b));
  r.findings = all.length > 50 ? [...all.slice(0, 49), `… and ${all.length - 49} more`] : all;
  return r;
}

export async function fuzzFrames(
  server: ServerProcess,
  opts: { sockets: number; framesEach: number; player: Player },
): Promise<ProbeResult> {
  const r = result('fuzz of websocket frames');
  const wsUrl = `${server.url.replace(/^http/, 'ws')}/ws`;
  const closes = new Map<string, number>();
  let sent = 0;
  await pool(
    8,
    Array.from({ length: opts.sockets }, (_, s) => async () => {
      const ws = new WebSocket(
        wsUrl,
        s % 2 === 0 ? { headers: { authorization: `Bearer ${opts.player.token}` } } : {},
      );
      ws.on('error', () => {});
      const closed = new Promise<string>((resolve) => ws.on('close', (code) => resolve(String(code))));
      const opened = await Promise.race([
        new Promise<boolean>((resolve) => ws.once('open', () => resolve(true))),
        closed.then(() => false),
      ]);
      if (!opened) {
        closes.set('refused', (closes.get('refused') ?? 0) + 1);
        return;
      }
      for (let i = 0; i < opts.framesEach && ws.readyState === WebSocket.OPEN; i++) {
        const kind = (s + i) % 6;
        const len = kind === 5 ? 64 * 1024 : Math.floor(Math.random() * 64);
        const bytes = Buffer.alloc(len);
        for (let j = 0; j < len; j++) bytes[j] = Math.floor(Math.random() * 256);
        if (kind === 0 && len > 0) bytes[0] = 1 + (i % 4); // a plausible RPC type with junk after it
        if (kind === 3) ws.send('{"type":"paint","pixelId":1}');
        else if (kind === 4) ws.send(Buffer.from([0xc3, 0x28]), { binary: false });
        else ws.send(bytes);
        sent++;
      }
      await new Promise((res) => setTimeout(res, 100));
      if (ws.readyState === WebSocket.OPEN) ws.close();
      const code = await Promise.race([
        closed,
        new Promise<string>((res) => setTimeout(() => res('open'), 5_000)),
      ]);
      if (code === 'open') ws.terminate();
      closes.set(code, (closes.get(code) ?? 0) + 1);
    }),
  );
  const health = await send(server.url, { method: 'GET', path: '/healthz' });
  if (health.status !== 200) r.findings.push(`/healthz ${health.status} after the frame fuzz`);
  // 1006 (no close frame seen) is how a connection ends when the server fails it while the client
  // still floods it (RFC 6455 §7.1.7 lets it drop the TCP connection; unread frames turn the close
  // into a reset): counted in the figures, not a finding.
  r.figures.sockets = opts.sockets;
  r.figures.frames = sent;
  r.figures['close codes'] = [...closes]
    .sort()
    .map(([c, n]) => `${c}×${n}`)
    .join(', ');
  return r;
}

// ---------- payments ----------

export interface StarsPayer {
  pay(
    invoiceLink: string,
    opts: { from: { id: number; is_bot: false; first_name: string } },
  ): Promise<{
    ok: boolean;
    chargeId?: string;
    paymentUpdate?: Record<string, unknown>;
  }>;
  sendUpdate(update: object): Promise<{ status: number }>;
}

/**
 * One dynamite ordered with Stars by `player` and paid through the fake Bot API by `payerId`: the
 * fake's answer, or null with a finding in `r` when the invoice or the payment failed.
 */
export async function paidDynamite(
  server: ServerProcess,
  fake: Pick<StarsPayer, 'pay'>,
  player: Player,
  payerId: number,
  r: ProbeResult,
): Promise<Awaited<ReturnType<StarsPayer['pay']>> | null> {
  const invoice = await send(
    server.url,
    json('POST', `${API_PREFIX}/buy/stars`, { type: 2, qty: 1 }, player.token),
  );
  if (invoice.status !== 200) {
    r.findings.push(`no invoice: ${invoice.status} ${invoice.body.slice(0, 200)}`);
    return null;
  }
  const link = (JSON.parse(invoice.body) as { result: string }).result;
  const paid = await fake.pay(link, { from: { id: payerId, is_bot: false, first_name: 'Buyer' } });
  if (!paid.ok) {
    r.findings.push('the payment did not go through');
    return null;
  }
  return paid;
}

export async function paymentReplays(
  server: ServerProcess,
  fake: StarsPayer,
  opts: { playerId: number; replays: number },
): Promise<ProbeResult> {
  const r = result('payment replays (Stars)');
  const player = await signInPlayer(server.url, opts.playerId);
  const goods = async () => {
    const res = await send(server.url, {
      method: 'GET',
      path: `${API_PREFIX}/buy/list`,
      headers: { authorization: `Bearer ${player.token}` },
    });
    return (JSON.parse(res.body) as { goodsAvailable: Record<string, number> }).goodsAvailable['2'] ?? 0;
  };
  const before = await goods();
  const paid = await paidDynamite(server, fake, player, player.id, r);
  if (!paid) return r;
  if (!paid.paymentUpdate) {
    r.findings.push('the genuine payment sent no update');
    return r;
  }
  const statuses = new Map<number, number>();
  await pool(
    32,
    Array.from({ length: opts.replays }, (_, i) => async () => {
      const update = { ...paid.paymentUpdate, update_id: 1_000_000 + i };
      const res = await fake.sendUpdate(update);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }),
  );
  const after = await goods();
  r.figures.replays = opts.replays;
  r.figures['webhook replies'] = [...statuses].map(([s, n]) => `${s}×${n}`).join(', ');
  r.figures['items credited'] = after - before;
  if (after - before !== 1)
    r.findings.push(`one payment replayed ${opts.replays} times credited ${after - before} items`);
  for (const s of statuses.keys()) if (s >= 500) r.findings.push(`webhook answered ${s} to a replay`);
  return r;
}

// ---------- upload bombs ----------

/**
 * `count` uploads of `bytes` each with a garbage token, all at once, while a genuine player asks
 * for its profile: the server must refuse them before reading the bodies.
 */
export async function uploadBomb(
  server: ServerProcess,
  opts: { count: number; bytes: number; maxGrowthBytes: number; maxP99Ms: number },
): Promise<ProbeResult> {
  const r = result('upload bomb');
  const u = new URL(server.url);
  const chunk = Buffer.alloc(64 * 1024, 0x42);
  const pid = server.child.pid!;
  const rssBefore = rssOf(pid);
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 50);
  const statuses = new Map<string, number>();
  const bomb = Promise.all(
    Array.from(
      { length: opts.count },
      () =>
        new Promise<void>((resolve) => {
          const sock = net.connect(Number(u.port), u.hostname);
          let answered = '';
          sock.on('data', (d: Buffer) => {
            if (!answered) answered = /^HTTP\/1\.1 (\d{3})/.exec(d.toString('latin1'))?.[1] ?? 'junk';
          });
          const done = () => {
            const k = answered || 'no reply';
            statuses.set(k, (statuses.get(k) ?? 0) + 1);
            resolve();
          };
          sock.on('close', done);
          sock.on('error', () => {});
          sock.setTimeout(30_000, () => sock.destroy());
          sock.write(
            `POST ${API_PREFIX}/image/template/upload HTTP/1.1\r\nHost: ${u.host}\r\nAuthorization: Bearer garbage\r\n` +
              `Content-Type: image/png\r\nContent-Length: ${opts.bytes}\r\nConnection: close\r\n\r\n`,
          );
          let left = opts.bytes;
          const pump = () => {
            while (left > 0 && !sock.destroyed) {
              const n = Math.min(left, chunk.length);
              left -= n;
              if (!sock.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
                sock.once('drain', pump);
                return;
              }
            }
            if (!sock.destroyed) sock.end();
          };
          pump();
        }),
    ),
  );
  // A genuine player meanwhile.
  const player = await signInPlayer(server.url, 8_100_001);
  const latencies: number[] = [];
  let bombDone = false;
  void bomb.then(() => {
    bombDone = true;
  });
  const started = performance.now();
  while (!bombDone && performance.now() - started < 30_000) {
    const res = await send(server.url, {
      method: 'GET',
      path: `${API_PREFIX}/users/me`,
      headers: { authorization: `Bearer ${player.token}` },
    });
    if (res.status === 200) latencies.push(res.ms);
    else r.findings.push(`a genuine player got ${res.status} during the bomb`);
  }
  await bomb;
  clearInterval(sampler);
  const growth = peak - rssBefore;
  const p99 = percentile(latencies, 99);
  r.figures.uploads = `${opts.count} × ${(opts.bytes / 1024 / 1024).toFixed(0)} MiB, Bearer garbage`;
  r.figures.replies = [...statuses]
    .sort()
    .map(([s, n]) => `${s}×${n}`)
    .join(', ');
  r.figures['server RSS before → peak'] = `${mib(rssBefore)} → ${mib(peak)} MiB`;
  r.figures['genuine requests'] = latencies.length;
  r.figures['genuine p99'] = `${Math.round(p99)} ms`;
  if (growth > opts.maxGrowthBytes)
    r.findings.push(`server RSS grew by ${mib(growth)} MiB for uploads that carried no valid token`);
  if (p99 > opts.maxP99Ms)
    r.findings.push(`other players waited ${Math.round(p99)} ms (p99) during the bomb`);
  const accepted = [...statuses].filter(([s]) => s.startsWith('2')).reduce((n, [, c]) => n + c, 0);
  if (accepted > 0) r.findings.push(`${accepted} uploads with a garbage token were accepted`);
  r.findings = [...new Set(r.findings)];
  return r;
}

function mib(b: number): string {
  return (b / 1024 / 1024).toFixed(0);
}

// ---------- slow clients ----------

/**
 * Slow clients: `count` connections that trickle a request header a byte at a time, and websocket
 * readers that never read, while a genuine player keeps asking. The server must stay responsive.
 */
export async function slowClients(
  server: ServerProcess,
  opts: { count: number; seconds: number; maxP99Ms: number },
): Promise<ProbeResult> {
  const r = result('slow clients');
  const u = new URL(server.url);
  const head = `GET ${API_PREFIX}/config HTTP/1.1\r\nHost: ${u.host}\r\nX-Slow: `;
  const sockets: net.Socket[] = [];
  let closedByServer = 0;
  for (let i = 0; i < opts.count; i++) {
    const s = net.connect(Number(u.port), u.hostname);
    s.on('error', () => {});
    s.on('close', () => closedByServer++);
    s.write(head);
    sockets.push(s);
  }
  const trickle = setInterval(() => {
    for (const s of sockets) if (!s.destroyed) s.write('a');
  }, 200);
  // Websocket readers that never read: their socket buffers fill while the wall changes.
  const stalled: WebSocket[] = [];
  for (let i = 0; i < Math.min(50, opts.count); i++) {
    const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/ws`);
    ws.on('error', () => {});
    ws.on('open', () => (ws as unknown as { _socket: net.Socket })._socket.pause());
    stalled.push(ws);
  }
  const player = await signInPlayer(server.url, 8_100_002);
  const latencies: number[] = [];
  const started = performance.now();
  let i = 0;
  while (performance.now() - started < opts.seconds * 1000) {
    const res = await send(
      server.url,
      i++ % 2 === 0
        ? {
            method: 'GET',
            path: `${API_PREFIX}/users/me`,
            headers: { authorization: `Bearer ${player.token}` },
          }
        : json(
            'POST',
            `${API_PREFIX}/repaint/start`,
            { pixelId: pixelIdOf(i % 1024, 1010), newColor: BASIC_COLORS[3] },
            player.token,
          ),
    );
    if (res.status === 0)
      r.findings.push(`a genuine request failed while slow clients were connected: ${res.body.slice(0, 80)}`);
    else latencies.push(res.ms);
    await new Promise((res2) => setTimeout(res2, 20));
  }
  clearInterval(trickle);
  const p99 = percentile(latencies, 99);
  r.figures['slow connections'] = opts.count;
  r.figures['stalled websocket readers'] = stalled.length;
  r.figures.seconds = opts.seconds;
  r.figures['genuine requests'] = latencies.length;
  r.figures['genuine p99'] = `${Math.round(p99)} ms`;
  r.figures['slow connections closed by the server meanwhile'] = closedByServer;
  if (p99 > opts.maxP99Ms)
    r.findings.push(`genuine p99 ${Math.round(p99)} ms with ${opts.count} slow clients`);
  for (const s of sockets) s.destroy();
  for (const ws of stalled) ws.terminate();
  r.findings = [...new Set(r.findings)];
  return r;
}

// ---------- cluster: staff changes reach every instance ----------

/**
 * An admin makes a player moderator on instance A, then demotes them there; the moderator's ban
 * on instance B must be refused at once.
 */
export async function demotionAcrossInstances(
  servers: ServerProcess[],
  opts: { adminId: number; moderatorId: number; targetId: number },
): Promise<ProbeResult> {
  const r = result('demotion across instances');
  const [a, b] = servers as [ServerProcess, ServerProcess];
  const admin = await signInPlayer(a.url, opts.adminId);
  const mod = await signInPlayer(a.url, opts.moderatorId);
  await signInPlayer(a.url, opts.targetId);
  const role = (to: string) =>
    send(a.url, json('PUT', `${API_PREFIX}/admin/role/${opts.moderatorId}`, { role: to }, admin.token));
  const promote = await role('moderator');
  if (promote.status !== 204) {
    r.findings.push(`promotion failed: ${promote.status} ${promote.body.slice(0, 200)}`);
    return r;
  }
  // The moderator uses the role on B (so B caches it), then is demoted on A.
  const ban = (srv: ServerProcess) =>
    send(srv.url, json('PUT', `${API_PREFIX}/admin/ban/${opts.targetId}`, {}, mod.token));
  const unban = (srv: ServerProcess) =>
    send(srv.url, json('PUT', `${API_PREFIX}/admin/unban/${opts.targetId}`, {}, mod.token));
  const first = await ban(b);
  if (first.status !== 204) r.findings.push(`the moderator's ban on B failed: ${first.status}`);
  await unban(b);
  const demote = await role('player');
  if (demote.status !== 204) r.findings.push(`demotion failed: ${demote.status}`);
  // Give the bus a moment, as a real cluster would have.
  await new Promise((res) => setTimeout(res, 200));
  const after = await ban(b);
  r.figures['ban on B after demotion on A'] = after.status;
  if (after.status === 204) r.findings.push('a demoted moderator still banned on the other instance');
  return r;
}
