/**
 * Crash test of the durability promise: while players paint, the server is killed with SIGKILL;
 * after a restart on the same data, every paint that was acknowledged before the kill must be on
 * the canvas with its owner, and counted in its player's repaints.
 *
 * Each player paints its own pixels (no two paints share a pixel), so "acknowledged" has exactly
 * one expected outcome per pixel.
 */
import http from 'node:http';
import { inflateRawSync } from 'node:zlib';
import { BASIC_COLORS, PALETTE, paletteIndexOf, pixelIdOf } from '@pixel-wall/shared';

/** The basic colours but white (a white paint could not be told from a lost one): every player paints them. */
const PAINTED = BASIC_COLORS.filter((c) => c !== PALETTE[0]).map((c) => paletteIndexOf(c));

import { signInPlayer, TOOLS_BOT_TOKEN } from '../lib/players.ts';
import { type ServerProcess, startServer } from '../lib/server-process.ts';

export interface CrashOptions {
  players: number;
  /** paints in flight per player */
  concurrency: number;
  /** how long the load runs before the kill */
  killAfterMs: number;
  env?: Record<string, string>;
  /** between the kill and the restart, e.g. empty Redis to force the rebuild from SQL */
  afterKill?: () => Promise<void>;
  log?: (line: string) => void;
}

export interface CrashReport {
  sent: number;
  acknowledged: number;
  missing: number;
  wrongOwner: number;
  undercounted: number;
  restartMs: number;
}

interface Ack {
  pixelId: number;
  color: number;
  userId: number;
}

export async function runCrashTest(opts: CrashOptions): Promise<CrashReport> {
  const log = opts.log ?? (() => {});
  const env = {
    TELEGRAM_BOT_TOKEN: TOOLS_BOT_TOKEN,
    START_CHARGES: '1000',
    RECHARGE_SECONDS: '1',
    RATE_LIMIT_PAINTS_PER_SECOND: '100000',
    RATE_LIMIT_IP_PER_MINUTE: '10000000',
    RATE_LIMIT_SIGNIN_PER_MINUTE: '100000',
    ...opts.env,
  };
  let server: ServerProcess | null = await startServer({ env });
  const { dataDir, port } = server;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const acks: Ack[] = [];
  let sent = 0;
  try {
    const players = await Promise.all(
      Array.from({ length: opts.players }, (_, i) => signInPlayer(server!.url, 7_000_000 + i)),
    );
    log(`signed in ${players.length} players; painting for ${opts.killAfterMs} ms, then SIGKILL`);
    let stop = false;
    const loops = players.flatMap((p, pi) =>
      Array.from({ length: opts.concurrency }, async (_, lane) => {
        // Pixels of player pi, lane `lane`: rows of the canvas no one else touches.
        let n = 0;
        while (!stop) {
          const k = n++ * opts.concurrency + lane;
          const x = k % 1024;
          const y = pi * 4 + Math.floor(k / 1024);
          if (y >= 1024) break;
          const pixelId = pixelIdOf(x, y);
          const color = PAINTED[(pi + k) % PAINTED.length]!;
          sent++;
          const status = await paint(port, agent, p.token, pixelId, PALETTE[color]!).catch(() => 0);
          if (status === 200) acks.push({ pixelId, color, userId: p.id });
        }
      }),
    );
    await new Promise((r) => setTimeout(r, opts.killAfterMs));
    await server.stop('SIGKILL');
    stop = true;
    await Promise.all(loops);
    log(`killed with ${acks.length} acknowledged of ${sent} sent`);
    agent.destroy();
    await opts.afterKill?.();

    const restartedAt = Date.now();
    server = await startServer({ env, dataDir, port });
    const restartMs = Date.now() - restartedAt;
    const raw = await fetch(`${server.url}/api/v1/image/canvas?format=raw`);
    const canvas = inflateRawSync(Buffer.from(await raw.arrayBuffer()));
    let missing = 0;
    for (const a of acks) if (canvas[a.pixelId - 1] !== a.color) missing++;

    // Owners: checked through pixel info for a sample (every ack when there are few).
    let wrongOwner = 0;
    const step = Math.max(1, Math.floor(acks.length / 300));
    for (let i = 0; i < acks.length; i += step) {
      const a = acks[i]!;
      const info = (await (await fetch(`${server.url}/api/v1/image/get/${a.pixelId}`)).json()) as {
        owner: { id: number } | null;
      };
      if (info.owner?.id !== a.userId) wrongOwner++;
    }

    // Counts: each player's repaints cover at least its acknowledged paints.
    const ackedBy = new Map<number, number>();
    for (const a of acks) ackedBy.set(a.userId, (ackedBy.get(a.userId) ?? 0) + 1);
    let undercounted = 0;
    for (const p of players) {
      const again = await signInPlayer(server.url, p.id);
      const me = (await (
        await fetch(`${server.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${again.token}` } })
      ).json()) as { repaints: number };
      if (me.repaints < (ackedBy.get(p.id) ?? 0)) undercounted++;
    }
    return { sent, acknowledged: acks.length, missing, wrongOwner, undercounted, restartMs };
  } finally {
    agent.destroy();
    await server?.stop();
  }
}

/** One `POST /repaint/start` on a keep-alive agent; resolves with the status. */
export function paint(
  port: number,
  agent: http.Agent,
  token: string,
  pixelId: number,
  newColor: string,
): Promise<number> {
  const body = JSON.stringify({ pixelId, newColor });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/v1/repaint/start',
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
