// @ts-check
/**
 * `npm run build`: the web app (Vite) and the server compiled to JavaScript (esbuild) in
 * apps/server/dist, so production runs plain `node apps/server/dist/main.js`. The server and the
 * shared package are bundled; npm packages stay external (resolved from node_modules at run time),
 * except BUNDLED_PACKAGES.
 * Files the server reads beside its code (SQL migrations, the PGlite worker) are placed so that
 * the same `new URL(..., import.meta.url)` finds them in dist as in src.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { ROOT, SERVER_DIST, writeStamp } from './build-stamp.mjs';

const SERVER_SRC = path.join(ROOT, 'apps/server/src');

/**
 * Entry points, each a file in dist. With `splitting`, what a dynamic `import()` loads and what two
 * entries share become chunk files beside them (`chunk-<hash>.js`), so that a module the server
 * imports late (the app while the database opens, PGlite only where it runs in-thread) brings its
 * npm packages late too instead of at the entry's start.
 */
export const SERVER_ENTRIES = {
  main: 'main.ts',
  'pglite-worker': 'db/pglite-worker.ts',
  'pglite-initdb': 'db/pglite-initdb.ts',
  backup: 'db/backup-cli.ts',
};

/**
 * npm packages bundled into dist all the same: none today. Bundle one when loading it from
 * node_modules costs the server at start, as drizzle-orm did before it was removed (~110 small ES
 * modules importing one another in cycles: Node 24's loader held ~150 MB of V8 heap to link them).
 */
export const BUNDLED_PACKAGES = [];

/** @type {import('esbuild').Plugin} */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    // Bare specifiers: a package, or a Node built-in.
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      const pkg = args.path.startsWith('@') ? args.path.split('/', 2).join('/') : args.path.split('/')[0];
      if (pkg === '@pixel-wall/shared' || BUNDLED_PACKAGES.includes(pkg ?? '')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

export async function buildServer() {
  fs.rmSync(SERVER_DIST, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(
      Object.entries(SERVER_ENTRIES).map(([out, src]) => [out, path.join(SERVER_SRC, src)]),
    ),
    outdir: SERVER_DIST,
    bundle: true,
    platform: 'node',
    format: 'esm',
    splitting: true,
    target: 'node22',
    // npm packages are installed beside the build and loaded from there, except the workspace's own
    // shared package and BUNDLED_PACKAGES.
    plugins: [externalPackages],
    alias: { '@pixel-wall/shared': path.join(ROOT, 'packages/shared/src/index.ts') },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // migrate.ts reads new URL('./migrations/', import.meta.url): beside main.js in dist.
  fs.cpSync(path.join(SERVER_SRC, 'db/migrations'), path.join(SERVER_DIST, 'migrations'), {
    recursive: true,
  });
}

/**
 * The template data directory a fresh embedded start copies instead of running initdb
 * (`db/pglite-thread.ts`): initdb run once here, by the compiled `pglite-initdb.js`, into
 * dist/pglite-template, with the PGlite version that made it in dist/pglite-template.json (a start
 * with another version installed runs initdb instead). It holds postgres's catalogue and nothing of
 * the app (no tables, no secrets: the migrations make those at the first start), so its files are
 * readable by all, as the rest of dist is (a Docker image's runtime user is not the builder); the
 * copy is made private to its owner.
 */
export function buildTemplate() {
  const dir = path.join(SERVER_DIST, 'pglite-template');
  fs.rmSync(dir, { recursive: true, force: true });
  execFileSync(process.execPath, [path.join(SERVER_DIST, 'pglite-initdb.js'), dir], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  fs.rmSync(path.join(dir, 'postmaster.pid'), { force: true });
  const readable = (/** @type {string} */ p) => {
    const isDir = fs.statSync(p).isDirectory();
    fs.chmodSync(p, isDir ? 0o755 : 0o644);
    if (isDir) for (const name of fs.readdirSync(p)) readable(path.join(p, name));
  };
  readable(dir);
  const pglite = JSON.parse(
    fs.readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ).version;
  fs.writeFileSync(path.join(SERVER_DIST, 'pglite-template.json'), `${JSON.stringify({ pglite })}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // What ships is the production bundle, whoever asks for the build (vitest sets NODE_ENV=test,
  // which would make Vite bundle React's development build).
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  await buildServer();
  buildTemplate();
  writeStamp();
  console.info('built apps/web/dist and apps/server/dist');
}
