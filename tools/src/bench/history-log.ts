/**
 * The paint log at scale, on PostgreSQL: `--paints` paints (default 10,000,000) in group commits of
 * `--group` paints by `--players` players, random pixels and colours, written straight into the log
 * as the group commit writes them (`paintLogWriter`'s rows), with a keyframe every
 * `--keyframe-paints` (the server's default, 250,000). Then:
 *
 * - bytes a paint on disk: `pg_total_relation_size` (table, TOAST and indexes) of the log, and of
 *   the log with its keyframes, divided by the paints;
 * - the wall at a moment: `--moments` random moments over the log, each rebuilt and encoded as
 *   `GET /history/canvas` does (a fresh service each time, so no keyframe is cached), p50 and p90.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *   node --import tsx tools/src/bench/history-log.ts [--paints 10000000] [--group 2000]
 *        [--players 10000] [--keyframe-paints 250000] [--moments 40]
 *
 * A throwaway database is created and dropped. Not part of `npm run bench`; BENCHMARKS.md keeps
 * its figures by hand ("The paint log on disk").
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { promisify } from 'node:util';
import { deflateRaw } from 'node:zlib';
import pg from 'pg';
import { openDatabase } from '../../../apps/server/src/db/client.ts';
import { migrate } from '../../../apps/server/src/db/migrate.ts';
import type { PaintRecord } from '../../../apps/server/src/engine/committer.ts';
import { encodeWebp } from '../../../apps/server/src/modules/canvas/snapshot.ts';
import { createHistoryService, paintLogWriter } from '../../../apps/server/src/modules/history/service.ts';
import { flag } from './cli.ts';
import { xorshift32 } from './stats.ts';

const paints = Number(flag('paints') ?? '10000000');
const group = Number(flag('group') ?? '2000');
const players = Number(flag('players') ?? '10000');
const keyframePaints = Number(flag('keyframe-paints') ?? '250000');
const moments = Number(flag('moments') ?? '40');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const deflate = promisify(deflateRaw);

const name = `pw_bench_history_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const db = await openDatabase({ url: url.toString(), dataDir: null, poolSize: 4 });
console.info(
  `load average at start: ${os.loadavg()[0]!.toFixed(1)}; ${paints} paints in groups of ${group}, ${players} players`,
);
try {
  await migrate(db);
  // A paint a millisecond apart per group at ~4,000 paints/s: the log spans paints / 4,000 s.
  const random = xorshift32(7);
  const start = Date.UTC(2026, 11, 1);
  const history = createHistoryService({
    db,
    users: { profile: async () => null },
    keyframePaints,
    keyframeMs: 0,
    retentionMs: 0,
    now: () => Date.now() + 10 * 365 * 86_400_000,
  });
  const written = performance.now();
  let sinceKeyframe = 0;
  for (let done = 0; done < paints; done += group) {
    const n = Math.min(group, paints - done);
    const base = start + Math.floor(done / 4);
    const batch: PaintRecord[] = new Array(n);
    for (let i = 0; i < n; i++) {
      batch[i] = {
        pixelId: 1 + Math.floor(random() * 1024 * 1024),
        color: Math.floor(random() * 30),
        userId: 1 + Math.floor(random() * players),
        squadId: null,
        at: base + Math.floor(i / 4),
        charges: null,
        chargesUpdatedAt: null,
      };
    }
    for (const s of paintLogWriter.statements(batch)) await db.query(s.text, s.params);
    sinceKeyframe += n;
    if (sinceKeyframe >= keyframePaints) {
      await history.keyframeIfDue(true);
      sinceKeyframe = 0;
    }
  }
  const writeS = (performance.now() - written) / 1000;
  await db.query('VACUUM (ANALYZE) paint_log');
  await db.query('VACUUM (ANALYZE) canvas_keyframes');
  const size = async (t: string) =>
    Number((await db.query<{ n: string }>('SELECT pg_total_relation_size($1::regclass) AS n', [t]))[0]!.n);
  const [log, frames] = [await size('paint_log'), await size('canvas_keyframes')];
  const [rows] = await db.query<{ n: string; k: string }>(
    'SELECT (SELECT count(*) FROM paint_log) AS n, (SELECT count(*) FROM canvas_keyframes) AS k',
  );
  const index = Number(
    (await db.query<{ n: string }>("SELECT pg_relation_size('paint_log_pixels_idx') AS n"))[0]!.n,
  );
  console.info(`written in ${writeS.toFixed(0)} s; ${rows!.n} log rows, ${rows!.k} keyframes`);
  console.info('| measure | bytes | bytes a paint |');
  console.info('| --- | ---: | ---: |');
  console.info(`| paint_log (table, TOAST, indexes) | ${log} | ${(log / paints).toFixed(2)} |`);
  console.info(`| of which the GIN index of pixels | ${index} | ${(index / paints).toFixed(2)} |`);
  console.info(`| canvas_keyframes | ${frames} | ${(frames / paints).toFixed(2)} |`);
  console.info(`| both | ${log + frames} | ${((log + frames) / paints).toFixed(2)} |`);

  const end = start + Math.floor(paints / 4);
  const times: number[] = [];
  for (let m = 0; m < moments; m++) {
    const at = start + Math.floor(random() * (end - start));
    const fresh = createHistoryService({
      db,
      users: { profile: async () => null },
      keyframePaints,
      keyframeMs: 0,
      retentionMs: 0,
    });
    const t = performance.now();
    const colors = await fresh.canvasAt(at);
    await (m % 2 === 0 ? encodeWebp(colors) : deflate(colors));
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(0);
  console.info(
    `the wall at a moment (${moments} random moments, webp and raw alternately): p50 ${q(0.5)} ms, p90 ${q(0.9)} ms, max ${q(1)} ms`,
  );
  console.info(`load average at end: ${os.loadavg()[0]!.toFixed(1)}`);
} finally {
  await db.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
