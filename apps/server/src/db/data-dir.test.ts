import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { copyTemplate, ensurePrivateDir, makePrivate, openToOthers } from './data-dir.ts';
import { ownerOnlyMode } from './pglite-durable.ts';
import { openPgliteWorker } from './pglite-thread.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-data-dir-'));
  dirs.push(dir);
  return dir;
}

const modeOf = (p: string) => fs.lstatSync(p).mode & 0o7777;

/** A tree as PGlite's file layer left it before: files 0666, directories 0777 and 0755. */
function wideTree(root: string): void {
  fs.mkdirSync(path.join(root, 'base/1'), { recursive: true });
  fs.writeFileSync(path.join(root, 'PG_VERSION'), '17\n');
  fs.writeFileSync(path.join(root, 'base/1/1259'), 'catalogue');
  fs.chmodSync(path.join(root, 'PG_VERSION'), 0o666);
  fs.chmodSync(path.join(root, 'base/1/1259'), 0o644);
  fs.chmodSync(path.join(root, 'base/1'), 0o777);
  fs.chmodSync(path.join(root, 'base'), 0o755);
  fs.chmodSync(root, 0o755);
}

describe('the data directory, for its owner alone', () => {
  it('takes every group and other bit off a tree, and says how many entries it changed', () => {
    const root = tempDir();
    wideTree(root);
    const outside = path.join(tempDir(), 'elsewhere');
    fs.writeFileSync(outside, 'not ours');
    fs.chmodSync(outside, 0o644);
    fs.symlinkSync(outside, path.join(root, 'link'));
    expect(openToOthers(root)).toEqual([
      '. 0755',
      'PG_VERSION 0666',
      'base 0755',
      'base/1 0777',
      'base/1/1259 0644',
    ]);
    expect(makePrivate(root)).toBe(5);
    expect(openToOthers(root)).toEqual([]);
    expect(modeOf(path.join(root, 'PG_VERSION'))).toBe(0o600);
    expect(modeOf(path.join(root, 'base/1'))).toBe(0o700);
    // A symbolic link is neither followed nor changed.
    expect(modeOf(outside)).toBe(0o644);
    // Nothing left to change the second time.
    expect(makePrivate(root)).toBe(0);
  });

  it('creates DATA_DIR 0700 and narrows an existing one that is wider', () => {
    const parent = tempDir();
    const fresh = path.join(parent, 'a/b');
    expect(ensurePrivateDir(fresh)).toBe(false);
    expect(modeOf(fresh)).toBe(0o700);
    const wide = path.join(parent, 'wide');
    fs.mkdirSync(wide, { mode: 0o777 });
    fs.chmodSync(wide, 0o777);
    expect(ensurePrivateDir(wide)).toBe(true);
    expect(modeOf(wide)).toBe(0o700);
    expect(ensurePrivateDir(wide)).toBe(false);
  });

  it('copies a template readable by all into a private data directory, all or nothing', () => {
    const template = tempDir();
    wideTree(template);
    const dataDir = path.join(tempDir(), 'pglite');
    fs.mkdirSync(dataDir, { mode: 0o700 });
    expect(copyTemplate(template, dataDir)).toBe(true);
    expect(fs.readFileSync(path.join(dataDir, 'base/1/1259'), 'utf8')).toBe('catalogue');
    expect(openToOthers(dataDir)).toEqual([]);
    // No staging directory left beside it.
    expect(fs.readdirSync(path.dirname(dataDir))).toEqual(['pglite']);
    // The template itself is left as it was.
    expect(modeOf(path.join(template, 'PG_VERSION'))).toBe(0o666);
  });

  it('leaves a data directory that holds anything to initdb', () => {
    const template = tempDir();
    wideTree(template);
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'postgresql.conf'), '# half made\n');
    expect(copyTemplate(template, dataDir)).toBe(false);
    expect(fs.readdirSync(dataDir)).toEqual(['postgresql.conf']);
  });

  it('narrows the modes the embedded file layer asks for to the owner', () => {
    // Emscripten creates files 0777 and directories 0777, then chmods files 0666.
    expect(ownerOnlyMode(0o100777)).toBe(0o100600);
    expect(ownerOnlyMode(0o100666)).toBe(0o100600);
    expect(ownerOnlyMode(0o040777)).toBe(0o040700);
    // A chmod without the file type keeps the owner's bits.
    expect(ownerOnlyMode(0o666)).toBe(0o600);
    expect(ownerOnlyMode(0o600)).toBe(0o600);
  });
});

describe('the embedded database keeps DATA_DIR to its owner', () => {
  /** Every file and directory opened to all, as the file layer and older versions left them. */
  function widen(p: string): void {
    const st = fs.lstatSync(p);
    fs.chmodSync(p, st.isDirectory() ? 0o777 : 0o666);
    if (st.isDirectory()) for (const name of fs.readdirSync(p)) widen(path.join(p, name));
  }

  it('on a new data directory, on one left open to all, and on a copy of a template', async () => {
    const dataDir = tempDir();
    const warnings: string[] = [];
    const warn = (message: string) => warnings.push(message);

    // A new data directory: initdb in its own process, then postgres writing in the worker.
    let db = await openDatabase({ url: null, dataDir, warn });
    try {
      await db.query('CREATE TABLE kept (n int)');
      await db.query('INSERT INTO kept SELECT generate_series(1, 1000)');
      await db.query('CHECKPOINT');
    } finally {
      await db.close();
    }
    expect(fs.readdirSync(path.join(dataDir, 'pglite')).length).toBeGreaterThan(10);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(warnings).toEqual([]);

    // What an older version left: everything 0666 and 0777. Narrowed at the start, said once.
    widen(dataDir);
    expect(openToOthers(dataDir).length).toBeGreaterThan(900);
    db = await openDatabase({ url: null, dataDir, warn });
    try {
      await db.query('INSERT INTO kept VALUES (1001)');
    } finally {
      await db.close();
    }
    expect(openToOthers(dataDir)).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^DATA_DIR .* was open to other users: narrowed it and \d{3,} files/);

    // A template (as the build leaves it: readable by all) copied instead of initdb: its table is
    // there, and the copy is private.
    const template = path.join(tempDir(), 'template');
    fs.cpSync(path.join(dataDir, 'pglite'), template, { recursive: true });
    widen(template);
    const copyDir = path.join(tempDir(), 'pglite');
    const { db: copy } = await openPgliteWorker(copyDir, { template });
    try {
      expect(await copy.query('SELECT count(*)::int AS n FROM kept')).toEqual([{ n: 1001 }]);
      await copy.query('INSERT INTO kept VALUES (1002)');
    } finally {
      await copy.close();
    }
    expect(openToOthers(copyDir)).toEqual([]);
  }, 300_000);
});
