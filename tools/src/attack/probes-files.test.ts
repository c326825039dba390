import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../lib/server-process.ts';
import { dataDirModes } from './probes-files.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** Only the data directory: the probe reads nothing else of the server. */
function serverOn(dataDir: string): ServerProcess {
  return { dataDir } as ServerProcess;
}

describe('the DATA_DIR modes probe', () => {
  it('finds every entry the group or other users may use, and nothing in a private tree', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-probe-files-'));
    dirs.push(dataDir);
    fs.mkdirSync(path.join(dataDir, 'pglite/pg_wal'), { recursive: true, mode: 0o700 });
    fs.writeFileSync(path.join(dataDir, 'pglite/pg_wal/000000010000000000000001'), '', { mode: 0o600 });
    fs.writeFileSync(path.join(dataDir, 'pglite/PG_VERSION'), '17\n', { mode: 0o600 });
    fs.chmodSync(path.join(dataDir, 'pglite'), 0o700);
    fs.chmodSync(dataDir, 0o700);
    const held = await dataDirModes(serverOn(dataDir));
    expect(held.findings).toEqual([]);
    expect(held.figures).toMatchObject({ files: 2, directories: 3 });

    fs.chmodSync(path.join(dataDir, 'pglite/pg_wal/000000010000000000000001'), 0o666);
    fs.chmodSync(path.join(dataDir, 'pglite'), 0o755);
    const found = await dataDirModes(serverOn(dataDir));
    expect(found.findings).toHaveLength(1);
    expect(found.findings[0]).toContain('2 entries under DATA_DIR');
    expect(found.findings[0]).toContain('pglite 0755');
    expect(found.findings[0]).toContain('pglite/pg_wal/000000010000000000000001 0666');
  });
});
