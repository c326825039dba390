/**
 * The embedded database's files on disk, kept as PostgreSQL keeps its own: the data directory 0700
 * and nothing in it open to the group or to other users. The WAL and the catalogue hold every row,
 * `app_secrets` included, so a file another local user can read is a way to the session secret.
 *
 * Also the data directory's birth: a copy of the template that `npm run build` prepares
 * (`pglite-template/` beside the compiled server), or, without one, initdb (`pglite-thread.ts`).
 */
import fs from 'node:fs';
import path from 'node:path';

/** Permission bits for the group and other users: none of them may be set under DATA_DIR. */
export const GROUP_OTHER_BITS = 0o077;

/**
 * Creates `dir` (and its missing parents) 0700; an existing one open to the group or other users is
 * narrowed to its owner. Returns whether it had to narrow one.
 */
export function ensurePrivateDir(dir: string): boolean {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const { mode } = fs.statSync(dir);
  if ((mode & GROUP_OTHER_BITS) === 0) return false;
  fs.chmodSync(dir, mode & 0o7777 & ~GROUP_OTHER_BITS);
  return true;
}

/**
 * Takes every group and other permission bit off `dir` and everything under it (symbolic links are
 * neither followed nor changed). Returns how many entries it changed: 0 on a tree that was right.
 */
export function makePrivate(dir: string): number {
  let changed = 0;
  const visit = (p: string, isDir: boolean) => {
    const { mode } = fs.lstatSync(p);
    if ((mode & GROUP_OTHER_BITS) !== 0) {
      fs.chmodSync(p, mode & 0o7777 & ~GROUP_OTHER_BITS);
      changed++;
    }
    if (!isDir) return;
    for (const entry of fs.readdirSync(p, { withFileTypes: true })) {
      if (entry.isSymbolicLink()) continue;
      visit(path.join(p, entry.name), entry.isDirectory());
    }
  };
  visit(dir, fs.lstatSync(dir).isDirectory());
  return changed;
}

/** Paths under `dir` (relative, sorted) that the group or other users may read, write or enter. */
export function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (p: string) => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink()) return;
    if ((st.mode & GROUP_OTHER_BITS) !== 0) {
      found.push(`${path.relative(dir, p) || '.'} ${(st.mode & 0o777).toString(8).padStart(4, '0')}`);
    }
    if (st.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
  };
  visit(dir);
  return found.sort();
}

/** fsync every file, then every directory (children before parents), under `dir`; returns how many. */
export function syncTree(dir: string): number {
  let synced = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) synced += syncTree(p);
    else if (entry.isFile()) synced += syncPath(p);
  }
  return synced + syncPath(dir);
}

/** fsync one file or directory; returns 1 (one sync), for counting. */
export function syncPath(p: string): number {
  const fd = fs.openSync(p, 'r');
  try {
    fs.fsyncSync(fd);
    return 1;
  } finally {
    fs.closeSync(fd);
  }
}

/** A data directory initdb finished: PGlite resumes one with PG_VERSION and runs initdb otherwise. */
export function isDataDir(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'PG_VERSION'));
}

/**
 * Makes `dataDir` a copy of `templateDir` (an initdb'd data directory, closed cleanly) and returns
 * true; returns false, leaving everything as it was, when `dataDir` already holds anything (a
 * directory initdb left half made is initdb's to judge).
 *
 * All or nothing: the copy is made beside `dataDir`, made private, synced, then renamed over the
 * empty directory, so a crash part way leaves no PG_VERSION in front of a partial copy.
 */
export function copyTemplate(templateDir: string, dataDir: string): boolean {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) return false;
  const staging = `${dataDir}.new-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  try {
    fs.cpSync(templateDir, staging, { recursive: true });
    // cpSync copies the template's modes, whatever they are: the copy is the data directory's own.
    makePrivate(staging);
    fs.rmSync(path.join(staging, 'postmaster.pid'), { force: true });
    syncTree(staging);
    fs.renameSync(staging, dataDir);
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw err;
  }
  syncPath(path.dirname(dataDir));
  return true;
}
