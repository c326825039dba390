/**
 * What the WAL sync costs a commit on embedded PGlite: commits one after another for a few seconds,
 * on a data directory synced as PostgreSQL syncs it (the server's default, `db/pglite-durable.ts`)
 * and on PGlite's own defaults (`fsync=off`, syncs dropped), alternated so both see the same
 * machine. Each commit is one multi-row INSERT in its own transaction, like a group commit.
 *
 *   node --import tsx tools/src/bench/commit-sync.ts [--seconds 3] [--rows 1,256] [--rounds 2]
 *
 * Not part of `npm run bench`; BENCHMARKS.md keeps its figures by hand.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPglite } from '../../../apps/server/src/db/pglite-durable.ts';
import { flag } from './cli.ts';
import { Samples } from './stats.ts';

const seconds = Number(flag('seconds') ?? '3');
const rowCounts = (flag('rows') ?? '1,256').split(',').map(Number);
const rounds = Number(flag('rounds') ?? '2');
if (!(seconds > 0) || rowCounts.some((n) => !(n >= 1)) || !(rounds >= 1)) {
  throw new Error('usage: --seconds N (> 0) --rows a,b (each ≥ 1) --rounds N (≥ 1)');
}

async function measure(synced: boolean, rows: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-commit-sync-'));
  const pg = synced ? await createPglite(dir) : await PGlite.create(dir);
  try {
    await pg.query('CREATE TABLE t (id int PRIMARY KEY, v int)');
    const values = Array.from({ length: rows }, (_, i) => `($${i + 1}, 1)`).join(',');
    const text = `INSERT INTO t VALUES ${values} ON CONFLICT (id) DO UPDATE SET v = t.v + 1`;
    const params = Array.from({ length: rows }, (_, i) => i);
    const latency = new Samples();
    const warmupEnd = performance.now() + 500;
    while (performance.now() < warmupEnd) await pg.query(text, params);
    const start = performance.now();
    let commits = 0;
    while (performance.now() - start < seconds * 1000) {
      const t = performance.now();
      await pg.query(text, params);
      latency.push(performance.now() - t);
      commits++;
    }
    const elapsed = (performance.now() - start) / 1000;
    return { commitsPerSecond: commits / elapsed, latency: latency.summary() };
  } finally {
    await pg.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

console.info(`load average at start: ${os.loadavg()[0]!.toFixed(1)}; ${os.tmpdir()}; ${seconds} s per run`);
console.info(
  '| rows per commit | round | PGlite defaults (no sync) commits/s, p50 / p99 ms | synced commits/s, p50 / p99 ms |',
);
console.info('| ---: | ---: | ---: | ---: |');
for (const rows of rowCounts) {
  for (let round = 1; round <= rounds; round++) {
    const off = await measure(false, rows);
    const on = await measure(true, rows);
    const cell = (r: typeof off) =>
      `${Math.round(r.commitsPerSecond)}, ${r.latency.p50.toFixed(1)} / ${r.latency.p99.toFixed(1)}`;
    console.info(`| ${rows} | ${round} | ${cell(off)} | ${cell(on)} |`);
  }
}
console.info(`load average at end: ${os.loadavg()[0]!.toFixed(1)}`);
