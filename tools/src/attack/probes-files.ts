/**
 * Probes of what the embedded server keeps on disk: another user on the same host must find
 * nothing under DATA_DIR to read or write (the WAL and the catalogue hold the session secret).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ServerProcess } from '../lib/server-process.ts';
import type { ProbeResult } from './probes.ts';

/** How many entries a finding lists before it says how many more there are. */
const LISTED = 10;

/**
 * Walks the running server's DATA_DIR (symbolic links neither followed nor counted) and reports every
 * file or directory with a permission bit for the group or other users, DATA_DIR itself included.
 */
export async function dataDirModes(server: ServerProcess): Promise<ProbeResult> {
  const r: ProbeResult = { name: 'DATA_DIR open to other users', figures: {}, findings: [] };
  const open: string[] = [];
  let files = 0;
  let dirs = 0;
  const visit = (p: string) => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink()) return;
    if (st.isDirectory()) dirs++;
    else files++;
    if ((st.mode & 0o077) !== 0) {
      open.push(
        `${path.relative(server.dataDir, p) || '.'} ${(st.mode & 0o777).toString(8).padStart(4, '0')}`,
      );
    }
    if (st.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
  };
  visit(server.dataDir);
  r.figures.files = files;
  r.figures.directories = dirs;
  r.figures['open to the group or others'] = open.length;
  if (open.length > 0) {
    const more = open.length > LISTED ? ` and ${open.length - LISTED} more` : '';
    r.findings.push(
      `${open.length} entries under DATA_DIR carry a group or other permission bit: ${open.slice(0, LISTED).join(', ')}${more}`,
    );
  }
  return r;
}
