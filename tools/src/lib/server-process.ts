/**
 * Starts the real server as a child process (as an operator would), waits until /readyz says
 * ready, and stops it with SIGTERM (or SIGKILL for crash tests). Used by the browser tests, the
 * benchmarks and the crash test. From source (tsx) by default; `compiled` runs the production build
 * (`npm run build`: apps/server/dist/main.js), as `npm start` does.
 */
import { execFileSync } from 'node:child_process';
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Node flags the server runs with, as `npm start` (`npm run serve`) and `npm run dev` give them (a test keeps the two equal).
 * A young generation of 64 MiB semi-spaces lets the short-lived garbage of thousands of paints a
 * second die young: under the websocket paint load it halved the share of CPU spent collecting
 * garbage and the longest collections (BENCHMARKS.md).
 */
export const SERVER_NODE_ARGS: readonly string[] = ['--max-semi-space-size=64'];

/**
 * Environment the server starts with, as `npm run serve` (`env NAME=value node ...`) and the
 * Dockerfile's CMD give it (tests keep the three equal). glibc's malloc with a fixed mmap threshold
 * of 32 KiB: a block that size or larger gets pages of its own and returns them when freed. By
 * default the threshold rises to the largest block freed (up to 32 MiB), so compiling and
 * instantiating PGlite's 9 MB postgres module leaves its buffers in per-thread arenas that keep
 * the memory: idle RSS of the embedded server ~286 → ~220–225 MiB at 64 KiB (BENCHMARKS.md,
 * "Start-up time and memory"). 32 KiB also maps the segments of V8's compiler zones (32 KiB each)
 * one by one, which at 64 KiB came from the compiling threads' arenas and left 18–53 MiB free but
 * resident there, by chance: idle 184–216 → 171–181 MiB on a new data directory, for ~0.3 s more
 * CPU time to ready ("glibc's arenas after the start"). Other C libraries ignore the variable.
 */
export const SERVER_ENV: Readonly<Record<string, string>> = {
  GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=32768',
};

/** The compiled server `npm start` runs. */
export const COMPILED_ENTRY = 'apps/server/dist/main.js';

/** Builds (`npm run build`) unless the build is current, as `npm start` does first. */
export function ensureBuild(): void {
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
}

export interface ServerProcess {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** everything the server printed, for failure messages */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export async function startServer(
  opts: {
    env?: Record<string, string>;
    dataDir?: string;
    port?: number;
    readyTimeoutMs?: number;
    /** run apps/server/dist/main.js (build it first: ensureBuild) instead of the TypeScript source */
    compiled?: boolean;
  } = {},
): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pw-server-'));
  const logs: string[] = [];
  if (opts.compiled && !fs.existsSync(path.join(REPO_ROOT, COMPILED_ENTRY))) {
    throw new Error(`${COMPILED_ENTRY} is missing: run npm run build`);
  }
  const entry = opts.compiled ? [COMPILED_ENTRY] : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...entry], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...SERVER_ENV,
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (b: Buffer) => {
    logs.push(b.toString());
    if (logs.length > 500) logs.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${logs.join('')}`);
    try {
      const r = await fetch(`${url}/readyz`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready:\n${logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    dataDir,
    child,
    output: () => logs.join(''),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
}
