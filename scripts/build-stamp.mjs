// @ts-check
/**
 * The build's fingerprint: a hash of every source the build reads (server, web app, shared
 * package, lockfile, build scripts). `npm run build` writes it beside the compiled server;
 * `npm start` rebuilds only when it is missing or differs, so a start after a build is instant.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const SERVER_DIST = path.join(ROOT, 'apps/server/dist');
export const STAMP_FILE = path.join(SERVER_DIST, 'build-stamp.json');

/** What a build produces: when one is missing the build is not current, whatever the stamp says. */
export const OUTPUTS = [
  'apps/server/dist/main.js',
  'apps/server/dist/pglite-worker.js',
  'apps/server/dist/pglite-initdb.js',
  'apps/server/dist/pglite-template.json',
  'apps/web/dist/index.html',
];

const SOURCE_DIRS = ['apps/server', 'apps/web', 'packages/shared', 'scripts'];
const SOURCE_FILES = ['package.json', 'package-lock.json', 'tsconfig.base.json'];
const SKIP = new Set(['node_modules', 'dist']);

/** @param {string} root @param {string} dir relative to root @returns {string[]} */
function listFiles(root, dir) {
  /** @type {string[]} */
  const out = [];
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return out;
  for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(root, rel));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

/** sha256 over the path and content of every source file, in a stable order */
export function fingerprint(root = ROOT) {
  const hash = createHash('sha256');
  const files = [...SOURCE_FILES, ...SOURCE_DIRS.flatMap((dir) => listFiles(root, dir))].sort();
  for (const rel of files) {
    const abs = path.join(root, rel);
    if (!fs.existsSync(abs)) continue;
    hash.update(`${rel}\0`);
    hash.update(fs.readFileSync(abs));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** @returns {{ current: boolean, reason: string }} */
export function buildState() {
  for (const out of OUTPUTS) {
    if (!fs.existsSync(path.join(ROOT, out))) return { current: false, reason: `${out} is missing` };
  }
  /** @type {{ fingerprint?: string } | null} */
  let stamp = null;
  try {
    stamp = JSON.parse(fs.readFileSync(STAMP_FILE, 'utf8'));
  } catch {
    return { current: false, reason: 'no build stamp' };
  }
  if (stamp?.fingerprint !== fingerprint())
    return { current: false, reason: 'sources changed since the build' };
  return { current: true, reason: 'build is current' };
}

export function writeStamp() {
  fs.mkdirSync(SERVER_DIST, { recursive: true });
  fs.writeFileSync(
    STAMP_FILE,
    `${JSON.stringify({ fingerprint: fingerprint(), builtAt: new Date().toISOString() }, null, 2)}\n`,
  );
}
