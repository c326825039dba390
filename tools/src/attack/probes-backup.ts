/**
 * Probes of backups and restores on the embedded server, as an operator runs them: a backup of a
 * running server with a wall of `pixels` rows must not stall the game (/readyz keeps answering),
 * must be readable by its owner only, and the admin socket must sit in a private directory; a
 * restore over the data directory the backup came from must bring the wall back and let the
 * server start, and a cut-off file must change nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminSocketPath } from '../../../apps/server/src/db/admin-socket.ts';
import { backup, restore } from '../../../apps/server/src/db/backup-cli.ts';
import { openDatabase } from '../../../apps/server/src/db/client.ts';
import { migrate } from '../../../apps/server/src/db/migrate.ts';
import { type ServerProcess, startServer } from '../lib/server-process.ts';
import { percentile } from './client.ts';
import type { ProbeResult } from './probes.ts';

export interface BackupProbeOptions {
  /** rows of `pixels` on the wall before the backup */
  pixels: number;
  /** the longest /readyz may take while the backup runs */
  maxReadyMs: number;
  env: Record<string, string>;
}

async function pixelCount(dataDir: string): Promise<number> {
  const db = await openDatabase({ url: null, dataDir, inThread: true });
  try {
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pixels');
    return row!.n;
  } finally {
    await db.close();
  }
}

export async function backupAndRestore(opts: BackupProbeOptions): Promise<ProbeResult> {
  const r: ProbeResult = { name: 'backup and restore (embedded)', figures: {}, findings: [] };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-attack-backup-'));
  const file = path.join(dataDir, '..', `${path.basename(dataDir)}.gz`);
  let server: ServerProcess | null = null;
  try {
    {
      const db = await openDatabase({ url: null, dataDir, inThread: true });
      await migrate(db);
      await db.query(
        `INSERT INTO pixels (id, color, user_id, painted_at)
         SELECT g, (g::bigint * 7919) % 32, 1000 + (g::bigint * 104729) % 50000, now()
           FROM generate_series(1, $1::int) g`,
        [opts.pixels],
      );
      await db.close();
    }
    server = await startServer({ dataDir, env: opts.env, readyTimeoutMs: 180_000 });
    const url = server.url;

    const socketDir = path.dirname(adminSocketPath(dataDir));
    const st = fs.lstatSync(socketDir);
    r.figures['admin socket directory'] = `${socketDir} (mode 0${(st.mode & 0o777).toString(8)})`;
    if ((st.mode & 0o777) !== 0o700 || st.isSymbolicLink() || socketDir === os.tmpdir()) {
      r.findings.push(`the admin socket's directory ${socketDir} is not private`);
    }

    // /readyz, one at a time, for as long as the backup runs
    const latencies: number[] = [];
    let failures = 0;
    let backingUp = true;
    const poll = (async () => {
      while (backingUp) {
        const t = performance.now();
        try {
          const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(opts.maxReadyMs * 4) });
          await res.arrayBuffer();
          if (res.status !== 200) failures++;
        } catch {
          failures++;
        }
        latencies.push(performance.now() - t);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const started = performance.now();
    let summary: Awaited<ReturnType<typeof backup>> | null = null;
    try {
      summary = await backup({ DATA_DIR: dataDir }, file, {
        progress: {
          write: (line: string) => {
            const held = /held its database still for (\d+) ms/.exec(line);
            if (held) r.figures['server held its database for the copy'] = `${held[1]} ms`;
          },
        },
      });
    } catch (err) {
      r.findings.push(`the backup of the running server failed: ${(err as Error).message}`);
    } finally {
      backingUp = false;
      await poll;
    }
    r.figures.pixels = opts.pixels;
    r.figures['backup seconds'] = ((performance.now() - started) / 1000).toFixed(1);
    r.figures['/readyz during the backup'] =
      `${latencies.length}, p99 ${Math.round(percentile(latencies, 99))} ms, max ${Math.round(Math.max(0, ...latencies))} ms, failed ${failures}`;
    if (failures > 0) r.findings.push(`/readyz failed ${failures} times during the backup`);
    if (Math.max(0, ...latencies) > opts.maxReadyMs) {
      r.findings.push(`/readyz took up to ${Math.round(Math.max(...latencies))} ms during the backup`);
    }
    if (!summary) return r;
    if (summary.rows.pixels !== opts.pixels) {
      r.findings.push(`the backup holds ${summary.rows.pixels} pixels, not ${opts.pixels}`);
    }
    const mode = fs.statSync(file).mode & 0o777;
    r.figures['backup file mode'] = `0${mode.toString(8)}`;
    if (mode !== 0o600) r.findings.push(`the backup file is mode 0${mode.toString(8)}, not 0600`);

    await server.stop();
    server = null;
    // a cut-off file: refused, nothing changed
    const cut = `${file}.cut`;
    const whole = fs.readFileSync(file);
    fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const refused = await restore({ DATA_DIR: dataDir }, cut).then(
      () => 'restored',
      (err: Error) => (err.name === 'BackupError' && !err.message.includes('\n') ? 'refused' : err.message),
    );
    r.figures['restore of a cut-off file'] = refused;
    if (refused !== 'refused') r.findings.push(`a cut-off backup was not refused cleanly: ${refused}`);
    // over the very data directory the backup came from
    const restoreStarted = performance.now();
    try {
      await restore({ DATA_DIR: dataDir }, file);
    } catch (err) {
      r.findings.push(`restoring over its own data directory failed: ${(err as Error).message}`);
    }
    r.figures['restore seconds'] = ((performance.now() - restoreStarted) / 1000).toFixed(1);
    const after = await pixelCount(dataDir);
    if (after !== opts.pixels)
      r.findings.push(`after the restore the wall has ${after} pixels, not ${opts.pixels}`);
    server = await startServer({ dataDir, env: opts.env, readyTimeoutMs: 180_000 }).catch((err: Error) => {
      r.findings.push(`the server does not start after the restore: ${err.message.slice(0, 300)}`);
      return null;
    });
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(file, { force: true });
    fs.rmSync(`${file}.cut`, { force: true });
  }
  return r;
}
