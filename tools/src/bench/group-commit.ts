/**
 * Where a group commit's time goes: `writeBatch` (engine/committer.ts) alone on embedded PGlite,
 * in the calling thread, on a data directory synced as the server syncs it, with every migration
 * applied. Groups of random paints by random players, written as the server writes them (with the
 * "sold" pixels' overwrites), each statement timed inside its transaction.
 *
 *   node --import tsx tools/src/bench/group-commit.ts [--groups 40] [--paints 2000] [--players 1024]
 *        [--rounds 2] [--without 0017_hot_paint_updates.sql] [--paint-log]
 *
 * `--without NAME` also runs the schema without that migration (and those after it), alternated
 * with the full one, so both see the same machine: what the migration changed on the commit path.
 * `--paint-log` alternates groups written without and with the paint log's row (modules/history):
 * what the log costs a group commit.
 * Not part of `npm run bench`; BENCHMARKS.md keeps its figures by hand.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Sql } from '../../../apps/server/src/db/client.ts';
import { loadMigrations, migrate } from '../../../apps/server/src/db/migrate.ts';
import { type PaintRecord, writeBatch } from '../../../apps/server/src/engine/committer.ts';
import { paintLogWriter } from '../../../apps/server/src/modules/history/service.ts';
import { pixelOverwrites } from '../../../apps/server/src/modules/pixels/overwrites.ts';
import { flag } from './cli.ts';
import { xorshift32 } from './stats.ts';

const groups = Number(flag('groups') ?? '40');
const paints = Number(flag('paints') ?? '2000');
const players = Number(flag('players') ?? '1024');
const rounds = Number(flag('rounds') ?? '2');
const without = flag('without') ?? null;
const withLog = process.argv.includes('--paint-log');
const warmup = Math.min(10, Math.floor(groups / 4));
if (!(groups > warmup) || !(paints >= 1) || !(players >= 1) || !(rounds >= 1)) {
  throw new Error('usage: --groups N (≥ 2) --paints N (≥ 1) --players N (≥ 1) --rounds N (≥ 1)');
}
const all = loadMigrations();
if (without && !all.some((m) => m.name === without)) throw new Error(`no migration named ${without}`);

/** The statement's kind: its first words up to the table name (the overwrites' starts with WITH). */
function kindOf(text: string): string {
  const words = text.trim().split(/\s+/);
  return words[0] === 'WITH' ? 'pixel_overwrites' : words.slice(0, 3).join(' ');
}

async function measure(migrations: typeof all, logged: boolean) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-group-commit-'));
  const db = await openDatabase({ url: null, dataDir: dir, inThread: true });
  try {
    await migrate(db, migrations);
    await db.query(
      `INSERT INTO users (id, first_name, charges, charges_updated_at)
       SELECT g, 'p' || g, 30, 0 FROM generate_series(1, $1::int) g`,
      [players],
    );
    // the same paints for every variant and round
    const random = xorshift32(1);
    const byKind = new Map<string, number>();
    let total = 0;
    let at = Date.UTC(2026, 10, 27, 12);
    for (let g = 0; g < groups; g++) {
      const batch: PaintRecord[] = [];
      for (let i = 0; i < paints; i++) {
        at += 1;
        batch.push({
          pixelId: 1 + Math.floor(random() * 1024 * 1024),
          color: Math.floor(random() * 32),
          userId: 1 + Math.floor(random() * players),
          squadId: null,
          at,
          charges: 10,
          chargesUpdatedAt: at,
        });
      }
      const timed = g >= warmup;
      const start = performance.now();
      await db.transaction((tx) => {
        const timing: Sql = {
          query: async (text, params) => {
            const t = performance.now();
            const rows = await tx.query(text, params);
            if (timed) {
              const kind = kindOf(text);
              byKind.set(kind, (byKind.get(kind) ?? 0) + performance.now() - t);
            }
            return rows as never;
          },
        };
        return writeBatch(timing, batch, pixelOverwrites, logged ? paintLogWriter : null);
      });
      if (timed) total += performance.now() - start;
    }
    const n = groups - warmup;
    return { perGroup: total / n, byKind: [...byKind].map(([k, ms]) => [k, ms / n] as const) };
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const variants: [string, typeof all, boolean][] = [['all migrations', all, withLog]];
if (without) {
  const cut = all.findIndex((m) => m.name === without);
  variants.unshift([`without ${without}`, all.slice(0, cut), false]);
}
if (withLog) variants.unshift(['without the paint log', all, false]);
console.info(
  `load average at start: ${os.loadavg()[0]!.toFixed(1)}; ${groups - warmup} timed groups of ${paints} paints, ${players} players`,
);
console.info('| schema | round | ms a group | paints/s | statements, ms a group |');
console.info('| --- | ---: | ---: | ---: | --- |');
for (let round = 1; round <= rounds; round++) {
  for (const [name, migrations, logged] of variants) {
    const r = await measure(migrations, logged);
    const parts = r.byKind.map(([k, ms]) => `${k} ${ms.toFixed(1)}`).join(' · ');
    console.info(
      `| ${name} | ${round} | ${r.perGroup.toFixed(1)} | ${Math.round((paints * 1000) / r.perGroup)} | ${parts} |`,
    );
  }
}
console.info(`load average at end: ${os.loadavg()[0]!.toFixed(1)}`);
