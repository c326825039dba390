/**
 * What an idle websocket keeps on the server's JavaScript heap, by kind of object.
 *
 *   node --import tsx tools/src/bench/socket-heap.ts [sockets]      (default 5,000; ulimit -n above it)
 *
 * Starts the compiled server as `npm start` does (embedded database, a data directory made and
 * restarted once, as the memory scenario's restarts), opens the guest sockets from a child process
 * (the fan-out watchers), waits 5 s, takes a heap snapshot (which collects all garbage first),
 * closes the sockets, takes another, and prints the difference per socket: the whole heap's, then
 * by node type and constructor. RSS and V8's young generation are read before the sockets open and
 * before the first snapshot (writing one takes memory of its own).
 *
 * The memory scenario's *RSS each* is the RSS growth 5 s after the sockets opened; this says how
 * much of it the sockets' own objects are (the rest: native handles, and garbage V8 keeps room for).
 */
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild, REPO_ROOT } from '../lib/server-process.ts';
import type { FromWatchers, ToWatchers } from './fanout-watchers.ts';
import { type ServerHandle, startServer } from './server.ts';
import { metricTotal } from './stats.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MiB = 1024 * 1024;

interface HeapTally {
  total: number;
  /** `type:name` → [count, self bytes] */
  byKind: Map<string, [number, number]>;
}

/** Self sizes of a .heapsnapshot, added up by node type and (for objects) constructor name. */
export function tallyHeapSnapshot(json: string): HeapTally {
  const snap = JSON.parse(json) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snap.snapshot.meta.node_fields;
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const types = snap.snapshot.meta.node_types[0];
  const byKind = new Map<string, [number, number]>();
  let total = 0;
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt]!]!;
    const named = type === 'object' || type === 'native' || type === 'closure';
    const key = named ? `${type}:${snap.strings[snap.nodes[i + nameAt]!]!.slice(0, 60)}` : type;
    const size = snap.nodes[i + sizeAt]!;
    const e = byKind.get(key);
    if (e) {
      e[0]++;
      e[1] += size;
    } else byKind.set(key, [1, size]);
    total += size;
  }
  return { total, byKind };
}

/** Signals the server to write a heap snapshot (--heapsnapshot-signal) and reads it once written. */
async function heapSnapshot(server: ServerHandle, dir: string): Promise<HeapTally> {
  const seen = new Set(fs.readdirSync(dir));
  process.kill(server.pid, 'SIGUSR2');
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('no heap snapshot from the server within 120 s');
    await sleep(500);
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.heapsnapshot') && !seen.has(f));
    if (!file) continue;
    const full = path.join(dir, file);
    // Written in pieces, with pauses: done once it parses.
    while (Date.now() < deadline) {
      await sleep(1000);
      const text = fs.readFileSync(full, 'utf8');
      if (!text.trimEnd().endsWith('}')) continue;
      try {
        const tally = tallyHeapSnapshot(text);
        fs.rmSync(full);
        return tally;
      } catch {
        // not whole yet
      }
    }
  }
}

async function readings(server: ServerHandle): Promise<{ rss: number; young: number }> {
  const m = await server.metrics();
  return {
    rss: metricTotal(m, 'process_resident_memory_bytes'),
    young: metricTotal(m, 'nodejs_heap_space_size_total_bytes{space="new"}'),
  };
}

async function openWatchers(url: string, count: number): Promise<{ child: ChildProcess; open: number }> {
  const child = fork(fileURLToPath(new URL('./fanout-watchers.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const open = await new Promise<number>((resolve, reject) => {
    child.on('message', (m: FromWatchers) => {
      if (m.type === 'opened') resolve(m.open);
    });
    child.once('exit', () => reject(new Error('the watchers exited before opening')));
    const msg: ToWatchers = { type: 'open', url, count, sampleEvery: count + 1 };
    child.send(msg);
  });
  return { child, open };
}

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 5000);
  if (!Number.isInteger(count) || count < 1) throw new Error(`not a socket count: ${process.argv[2]}`);
  ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-socket-heap-'));
  const start = () =>
    startServer({
      repoRoot: REPO_ROOT,
      compiled: true,
      dataDir,
      readyPollMs: 20,
      nodeArgs: ['--heapsnapshot-signal=SIGUSR2'],
      env: { WEB_DIST: path.join(REPO_ROOT, 'apps/web/dist') },
    });
  await (await start()).stop();
  const server = await start();
  let child: ChildProcess | null = null;
  try {
    await sleep(5000);
    const r1 = await readings(server);
    const opened = await openWatchers(server.wsUrl, count);
    child = opened.child;
    await sleep(5000);
    // RSS first: writing a snapshot takes memory of its own. The heap with the sockets, then
    // without them (closed, their objects garbage), each after the full collection of a snapshot.
    const r2 = await readings(server);
    const h2 = await heapSnapshot(server, REPO_ROOT);
    child.kill('SIGKILL');
    child = null;
    await sleep(3000);
    const h1 = await heapSnapshot(server, REPO_ROOT);
    const n = opened.open;
    const per = (bytes: number) => `${Math.round(bytes / n)} B`;
    console.info(`${n} sockets open`);
    console.info(
      `RSS ${(r1.rss / MiB).toFixed(1)} → ${(r2.rss / MiB).toFixed(1)} MiB (${per(r2.rss - r1.rss)} a socket); ` +
        `young generation ${(r1.young / MiB).toFixed(1)} → ${(r2.young / MiB).toFixed(1)} MiB`,
    );
    console.info(
      `JS heap after a full collection ${(h1.total / MiB).toFixed(1)} → ${(h2.total / MiB).toFixed(1)} MiB ` +
        `(${per(h2.total - h1.total)} a socket), by kind:`,
    );
    const rows = [...h2.byKind].map(([kind, [c, bytes]]) => {
      const [c0, b0] = h1.byKind.get(kind) ?? [0, 0];
      return { kind, count: (c - c0) / n, bytes: bytes - b0 };
    });
    rows.sort((a, b) => b.bytes - a.bytes);
    for (const r of rows.filter((x) => x.bytes / n >= 8)) {
      console.info(`${per(r.bytes).padStart(8)}  ${r.count.toFixed(2).padStart(5)} a socket  ${r.kind}`);
    }
  } finally {
    child?.kill('SIGKILL');
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
