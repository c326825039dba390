/**
 * Probes of the server's edge: what reaches it before a caller is known. Telegram's webhook
 * refused before its body, uploads that trickle to hold the byte budget, and the dev sign-in
 * asked from a page on another host name (DNS rebinding). Bounded like every probe.
 */
import http from 'node:http';
import net from 'node:net';
import { API_PREFIX } from '@pixel-wall/shared';
import { signInPlayer } from '../lib/players.ts';
import type { ServerProcess } from '../lib/server-process.ts';
import { isAppError, percentile, rssOf, send } from './client.ts';
import type { ProbeResult } from './probes.ts';

const mib = (b: number) => (b / 1024 / 1024).toFixed(0);

interface RawExchange {
  /** the status of the answer, or 'no reply'; resolves when the connection closes */
  closed: Promise<string>;
  /** true once the server has answered */
  answered(): boolean;
  sock: net.Socket;
}

/** Opens a connection and sends a request head; the body is the caller's to send. */
function rawPost(url: string, path: string, headers: Record<string, string | number>): RawExchange {
  const u = new URL(url);
  const sock = net.connect(Number(u.port), u.hostname);
  let status = '';
  sock.on('data', (d: Buffer) => {
    if (!status) status = /^HTTP\/1\.1 (\d{3})/.exec(d.toString('latin1'))?.[1] ?? 'junk';
  });
  sock.on('error', () => {});
  const closed = new Promise<string>((resolve) => sock.on('close', () => resolve(status || 'no reply')));
  const head = Object.entries({ Host: u.host, ...headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  sock.write(`POST ${path} HTTP/1.1\r\n${head}\r\n`);
  return { closed, answered: () => status !== '', sock };
}

/** Writes `bytes` of filler as fast as the socket takes them, then ends the request. */
function pump(sock: net.Socket, bytes: number): void {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let left = bytes;
  const go = () => {
    while (left > 0 && !sock.destroyed) {
      const n = Math.min(left, chunk.length);
      left -= n;
      if (!sock.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
        sock.once('drain', go);
        return;
      }
    }
  };
  go();
}

const tally = (statuses: string[]) => {
  const m = new Map<string, number>();
  for (const s of statuses) m.set(s, (m.get(s) ?? 0) + 1);
  return [...m]
    .sort()
    .map(([s, n]) => `${s}×${n}`)
    .join(', ');
};

// ---------- the webhook without its secret ----------

/**
 * `count` webhook posts of `bytes` each with a wrong secret, all at once, while a genuine player
 * asks for its profile: each must be refused (401) before its body is read.
 */
export async function webhookBomb(
  server: ServerProcess,
  opts: { count: number; bytes: number; maxGrowthBytes: number; maxP99Ms: number },
): Promise<ProbeResult> {
  const r: ProbeResult = { name: 'webhook without its secret', figures: {}, findings: [] };
  const pid = server.child.pid!;
  const rssBefore = rssOf(pid);
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 50);
  const bomb = Promise.all(
    Array.from({ length: opts.count }, (_, i) => {
      const x = rawPost(server.url, `${API_PREFIX}/telegram/webhook`, {
        'Content-Type': 'application/json',
        'Content-Length': opts.bytes,
        ...(i % 2 === 0 ? { 'X-Telegram-Bot-Api-Secret-Token': 'not-the-secret' } : {}),
      });
      x.sock.setTimeout(30_000, () => x.sock.destroy());
      pump(x.sock, opts.bytes);
      return x.closed;
    }),
  );
  let done = false;
  void bomb.then(() => {
    done = true;
  });
  const player = await signInPlayer(server.url, 8_200_001);
  const latencies: number[] = [];
  const started = performance.now();
  while (!done && performance.now() - started < 30_000) {
    const res = await send(server.url, {
      method: 'GET',
      path: `${API_PREFIX}/users/me`,
      headers: { authorization: `Bearer ${player.token}` },
    });
    if (res.status === 200) latencies.push(res.ms);
    else r.findings.push(`a genuine player got ${res.status} during the webhook bomb`);
  }
  const statuses = await bomb;
  clearInterval(sampler);
  const p99 = percentile(latencies, 99);
  r.figures.posts = `${opts.count} × ${mib(opts.bytes)} MiB, wrong or no secret`;
  r.figures.replies = tally(statuses);
  r.figures['server RSS before → peak'] = `${mib(rssBefore)} → ${mib(peak)} MiB`;
  r.figures['genuine requests'] = latencies.length;
  r.figures['genuine p99'] = `${Math.round(p99)} ms`;
  const wrong = statuses.filter((s) => s !== '401' && s !== 'no reply').length;
  if (wrong > 0) r.findings.push(`${wrong} posts without the secret were answered other than 401`);
  if (peak - rssBefore > opts.maxGrowthBytes)
    r.findings.push(`server RSS grew by ${mib(peak - rssBefore)} MiB for posts without the secret`);
  if (p99 > opts.maxP99Ms) r.findings.push(`other players waited ${Math.round(p99)} ms (p99) meanwhile`);
  r.findings = [...new Set(r.findings)];
  return r;
}

// ---------- slow uploads ----------

/**
 * `players` players each start `uploadsEach` template uploads of `bytes` and trickle them at a
 * few bytes a second. Each player must hold at most a quarter of the budget, another player's
 * upload must still be admitted meanwhile, and the server must cut the trickles off within a few
 * of its rate windows, giving the budget back.
 */
export async function slowUploads(
  server: ServerProcess,
  opts: {
    firstId: number;
    players: number;
    uploadsEach: number;
    bytes: number;
    budgetBytes: number;
    windowMs: number;
  },
): Promise<ProbeResult> {
  const r: ProbeResult = { name: 'slow uploads', figures: {}, findings: [] };
  const path = `${API_PREFIX}/image/template/upload`;
  const share = Math.max(Math.floor(opts.budgetBytes / 4), opts.bytes);
  const uploads: { player: number; x: RawExchange; opened: number; closedAfter: number | null }[] = [];
  for (let p = 0; p < opts.players; p++) {
    const player = await signInPlayer(server.url, opts.firstId + p);
    for (let i = 0; i < opts.uploadsEach; i++) {
      const x = rawPost(server.url, path, {
        Authorization: `Bearer ${player.token}`,
        'Content-Type': 'image/png',
        'Content-Length': opts.bytes,
      });
      const u = { player: p, x, opened: performance.now(), closedAfter: null as number | null };
      void x.closed.then(() => {
        u.closedAfter = performance.now() - u.opened;
      });
      uploads.push(u);
    }
  }
  // A trickle: 64 bytes every 200 ms.
  const trickle = setInterval(() => {
    for (const u of uploads) if (!u.x.answered() && !u.x.sock.destroyed) u.x.sock.write(Buffer.alloc(64, 1));
  }, 200);
  // The refusals come at once; what is still unanswered after a moment is held.
  await new Promise((res) => setTimeout(res, Math.min(500, opts.windowMs / 2)));
  const heldBy = new Map<number, number>();
  for (const u of uploads) if (!u.x.answered()) heldBy.set(u.player, (heldBy.get(u.player) ?? 0) + 1);
  for (const [p, n] of heldBy)
    if (n * opts.bytes > share)
      r.findings.push(
        `player ${p + 1} held ${mib(n * opts.bytes)} MiB of uploads, past a share of ${mib(share)} MiB`,
      );
  const genuine = await signInPlayer(server.url, opts.firstId + 100);
  const probe = async () =>
    (await send(server.url, {
      method: 'POST',
      path,
      headers: { authorization: `Bearer ${genuine.token}`, 'content-type': 'image/png' },
      body: Buffer.from([1]),
    })) as { status: number; body: string };
  const during = await probe();
  if (opts.players * share < opts.budgetBytes && during.status === 503)
    r.findings.push("another player's upload was refused 503 while the trickles held less than the budget");
  if (during.status >= 500 && during.status !== 503)
    r.findings.push(`another player's upload got ${during.status}`);
  // The trickles must be cut off within a few windows.
  const limitMs = 3 * opts.windowMs + 5_000;
  await Promise.race([
    Promise.all(uploads.map((u) => u.x.closed)),
    new Promise((res) => setTimeout(res, limitMs)),
  ]);
  clearInterval(trickle);
  const open = uploads.filter((u) => u.closedAfter === null);
  for (const u of open) u.x.sock.destroy();
  const statuses = await Promise.all(uploads.map((u) => u.x.closed));
  const after = await probe();
  r.figures['slow uploads'] =
    `${opts.players} players × ${opts.uploadsEach} × ${mib(opts.bytes)} MiB at 320 B/s`;
  r.figures['held at once per player (max)'] = `${Math.max(0, ...heldBy.values())} (share ${mib(share)} MiB)`;
  r.figures.replies = tally(statuses);
  r.figures['cut off after (max)'] =
    open.length > 0
      ? `not within ${limitMs} ms`
      : `${Math.round(Math.max(...uploads.map((u) => u.closedAfter ?? 0)))} ms`;
  r.figures["another player's upload during → after"] = `${during.status} → ${after.status}`;
  if (open.length > 0) r.findings.push(`${open.length} trickling uploads still open after ${limitMs} ms`);
  if (after.status === 503) r.findings.push('the budget was still full after the trickles were cut off');
  for (const res of [during, after])
    if (res.status >= 400 && !isAppError(res.body))
      r.findings.push(`reply ${res.status} outside the error format`);
  return r;
}

// ---------- dev sign-in from another host name ----------

/**
 * Dev sign-in on a server that offers it (no bot token, loopback): a page on another name that
 * resolves to 127.0.0.1 sends that name as Host, and must be refused; localhost still works.
 */
export async function devSignInHosts(baseUrl: string): Promise<ProbeResult> {
  const r: ProbeResult = { name: 'dev sign-in from other host names', figures: {}, findings: [] };
  const signIn = (host: string) =>
    new Promise<number>((resolve) => {
      const body = JSON.stringify({ firstName: 'Rebound' });
      const req = http.request(
        `${baseUrl}${API_PREFIX}/auth/dev`,
        {
          method: 'POST',
          headers: { host, 'content-type': 'application/json', 'content-length': body.length },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', () => resolve(0));
      req.setTimeout(10_000, () => req.destroy());
      req.end(body);
    });
  const port = new URL(baseUrl).port;
  const foreign = [
    `rebind.example:${port}`,
    `127.0.0.1.nip.io:${port}`,
    `localhost.attacker.example`,
    '0.0.0.0',
  ];
  const statuses: string[] = [];
  for (const host of foreign) {
    const status = await signIn(host);
    statuses.push(String(status));
    if (status === 200) r.findings.push(`dev sign-in answered a page at ${host}`);
  }
  const own = await signIn(`localhost:${port}`);
  if (own !== 200) r.findings.push(`dev sign-in at localhost got ${own}`);
  r.figures['other host names'] = foreign.length;
  r.figures.replies = tally(statuses);
  r.figures.localhost = own;
  return r;
}
