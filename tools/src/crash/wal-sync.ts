/**
 * Power-cut durability of the embedded default, checked from the outside: the real server runs
 * under `strace -f`, players paint, and the trace must show PostgreSQL's WAL reaching the disk
 * (an fdatasync or fsync of a file in pg_wal) between each paint's request and its `200`.
 *
 * A killed process loses nothing the kernel already has, so the crash test cannot see this; only
 * the system calls can. Per acknowledged paint, with `q` the moment its request was read and `r`
 * the moment its reply was written on the same connection, the trace must hold a WAL write that
 * completed in (q, r) and, after it, a WAL sync that completed before r. The paint's own commit
 * is written in that window (the group commit starts after the request arrived and the reply waits
 * for COMMIT); without syncs reaching the kernel there are none at all.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { BASIC_COLORS, pixelIdOf } from '@pixel-wall/shared';
import { signInPlayer, TOOLS_BOT_TOKEN } from '../lib/players.ts';
import { startServer } from '../lib/server-process.ts';
import { paint } from './crash.ts';

export interface WalSyncOptions {
  players: number;
  /** paints per player, one after another (players paint concurrently, so commits group) */
  paintsPerPlayer: number;
  log?: (line: string) => void;
}

export interface WalSyncReport {
  acknowledged: number;
  /** completed writes to files in pg_wal while the players painted */
  walWrites: number;
  /** completed, successful fdatasync/fsync of files in pg_wal */
  walSyncs: number;
  /** acknowledged paints with no WAL write + sync between request and reply */
  unsynced: number;
  /** first few unsynced replies, as trace excerpts, for the failure message */
  examples: string[];
}

/** True when `strace` is on the PATH. */
export function straceAvailable(): boolean {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir !== '' && fs.existsSync(path.join(dir, 'strace')));
}

export async function runWalSyncTrace(opts: WalSyncOptions): Promise<WalSyncReport> {
  const log = opts.log ?? (() => {});
  const server = await startServer({
    env: {
      TELEGRAM_BOT_TOKEN: TOOLS_BOT_TOKEN,
      START_CHARGES: '1000',
      RATE_LIMIT_PAINTS_PER_SECOND: '100000',
      RATE_LIMIT_IP_PER_MINUTE: '10000000',
      RATE_LIMIT_SIGNIN_PER_MINUTE: '100000',
    },
  });
  const traceFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pw-strace-')), 'trace.txt');
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.players });
  let strace: ChildProcess | null = null;
  try {
    const players = await Promise.all(
      Array.from({ length: opts.players }, (_, i) => signInPlayer(server.url, 7_500_000 + i)),
    );
    strace = await attachStrace(server.child.pid!, traceFile);
    log(`strace attached; ${players.length} players paint ${opts.paintsPerPlayer} pixels each`);
    let acknowledged = 0;
    await Promise.all(
      players.map(async (p, pi) => {
        for (let k = 0; k < opts.paintsPerPlayer; k++) {
          const pixelId = pixelIdOf(k, pi);
          const status = await paint(
            server.port,
            agent,
            p.token,
            pixelId,
            BASIC_COLORS[1 + (k % (BASIC_COLORS.length - 1))]!,
          );
          if (status !== 200) throw new Error(`paint of pixel ${pixelId} answered ${status}`);
          acknowledged++;
        }
      }),
    );
    await detach(strace);
    strace = null;
    const report = checkTrace(fs.readFileSync(traceFile, 'utf8'));
    if (report.acknowledged !== acknowledged) {
      throw new Error(
        `the trace shows ${report.acknowledged} acknowledged paints, the players got ${acknowledged}`,
      );
    }
    return report;
  } finally {
    agent.destroy();
    if (strace) await detach(strace);
    await server.stop();
    fs.rmSync(path.dirname(traceFile), { recursive: true, force: true });
  }
}

const SYSCALLS = 'read,recvfrom,write,writev,pwrite64,pwritev,pwritev2,fsync,fdatasync';

/** Attaches to every thread of `pid` (the PGlite worker included) and waits until it is in. */
async function attachStrace(pid: number, traceFile: string): Promise<ChildProcess> {
  // -yy: file paths and TCP endpoints behind each fd; -s: enough of each buffer to see HTTP lines.
  const child = spawn(
    'strace',
    ['-f', '-yy', '-s', '160', '-e', `trace=${SYSCALLS}`, '-o', traceFile, '-p', String(pid)],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (b: Buffer) => {
    stderr += b.toString();
  });
  // "Process N attached with T threads" once all of them are in.
  const deadline = Date.now() + 10_000;
  while (!stderr.includes('attached')) {
    if (child.exitCode !== null) throw new Error(`strace exited with ${child.exitCode}: ${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`strace did not attach: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return child;
}

async function detach(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGINT'); // strace detaches and leaves the server running
  await exited;
}

type EventKind = 'walWrite' | 'walSync' | 'request' | 'reply';

interface TraceEvent {
  kind: EventKind;
  /** line number where the event counts: completion for reads, writes and syncs, entry for replies */
  at: number;
  /** the connection (TCP endpoints) for requests and replies */
  conn: string;
  ok: boolean;
}

const LINE = /^(\d+)\s+(.*)$/;
// The fd's annotation: a TCP socket's holds its own '>' (`TCP:[127.0.0.1:8080->127.0.0.1:5000]`),
// so it is read up to its closing bracket; a file's path up to the first '>'.
const CALL = /^([a-z0-9_]+)\((\d+)<((?:TCP|TCPv6):\[[^\]]*\]|[^>]*)>(.*)$/;
const RESUMED = /^<\.\.\. ([a-z0-9_]+) resumed>(.*)$/;

/** Reads an `strace -f -yy` trace into the events that matter and checks every acknowledged paint. */
export function checkTrace(trace: string): WalSyncReport {
  const lines = trace.split('\n');
  const events: TraceEvent[] = [];
  /** calls whose entry was printed with `<unfinished ...>`, by thread */
  const open = new Map<string, { name: string; fdPath: string; text: string; entry: number }>();

  const classify = (name: string, fdPath: string, text: string, entry: number, exit: number) => {
    const ret = /\)\s+=\s+(-?\d+)/.exec(text);
    const ok = ret !== null && Number(ret[1]) >= 0;
    const isTcp = fdPath.startsWith('TCP:');
    if (fdPath.includes('/pg_wal/')) {
      if (name === 'fsync' || name === 'fdatasync') events.push({ kind: 'walSync', at: exit, conn: '', ok });
      else if (name.startsWith('pwrite') || name === 'write' || name === 'writev') {
        events.push({ kind: 'walWrite', at: exit, conn: '', ok });
      }
    } else if (
      isTcp &&
      (name === 'read' || name === 'recvfrom') &&
      text.includes('POST /api/v1/repaint/start')
    ) {
      events.push({ kind: 'request', at: exit, conn: fdPath, ok });
    } else if (isTcp && (name === 'write' || name === 'writev') && text.includes('HTTP/1.1 200')) {
      events.push({ kind: 'reply', at: entry, conn: fdPath, ok });
    }
  };

  lines.forEach((line, i) => {
    const m = LINE.exec(line);
    if (!m) return;
    const [, tid, rest] = m as unknown as [string, string, string];
    const resumed = RESUMED.exec(rest);
    if (resumed) {
      const call = open.get(tid);
      if (!call || call.name !== resumed[1]) return;
      open.delete(tid);
      classify(call.name, call.fdPath, call.text + resumed[2], call.entry, i);
      return;
    }
    const c = CALL.exec(rest);
    if (!c) return;
    const [, name, , fdPath, text] = c as unknown as [string, string, string, string, string];
    if (text.endsWith('<unfinished ...>')) open.set(tid, { name, fdPath, text, entry: i });
    else classify(name, fdPath, text, i, i);
  });

  events.sort((a, b) => a.at - b.at);
  const lastRequest = new Map<string, number>();
  let acknowledged = 0;
  let unsynced = 0;
  const examples: string[] = [];
  const walWrites: number[] = [];
  const walSyncs: number[] = [];
  for (const e of events) {
    if (e.kind === 'walWrite' && e.ok) walWrites.push(e.at);
    else if (e.kind === 'walSync' && e.ok) walSyncs.push(e.at);
    else if (e.kind === 'request') lastRequest.set(e.conn, e.at);
    else if (e.kind === 'reply') {
      acknowledged++;
      const q = lastRequest.get(e.conn) ?? -1;
      const firstWrite = walWrites.find((w) => w > q && w < e.at);
      const synced = firstWrite !== undefined && walSyncs.some((s) => s > firstWrite && s < e.at);
      if (!synced) {
        unsynced++;
        if (examples.length < 3) {
          const from = Math.max(0, q);
          examples.push(lines.slice(from, Math.min(e.at + 1, from + 40)).join('\n'));
        }
      }
    }
  }
  return { acknowledged, walWrites: walWrites.length, walSyncs: walSyncs.length, unsynced, examples };
}
