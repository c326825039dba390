/**
 * PGlite on disk that keeps PostgreSQL's durability promise across a power cut, not only a killed
 * process.
 *
 * Out of the box PGlite 0.5 loses it twice over:
 * - it starts postgres with `-F` (`fsync=off`, in `PGlite.defaultStartParams`), so a COMMIT never
 *   asks for a sync at all;
 * - even with fsync on, its Emscripten file layer (NODEFS, which maps the data directory onto real
 *   files) drops the request: `fsync()` reaches `stream_ops.fsync`, which NODEFS does not have, and
 *   `fdatasync()` (the WAL's `wal_sync_method`) is `__syscall_fdatasync`, which only checks the fd.
 *
 * So fsync goes back on, and both calls are routed to the real file: `fs.fsyncSync` /
 * `fs.fdatasyncSync` on the node fd that NODEFS holds behind the Emscripten fd.
 *
 * Why this and not "fdatasync the WAL segment after each group commit" from outside: postgres
 * knows every file whose sync its promise depends on, and only postgres knows when. Besides the
 * WAL flush at COMMIT (XLogFlush: one fdatasync per commit, so one per group commit), that is a
 * new WAL segment and its directory entry, pg_control, and the data files a checkpoint writes
 * before it lets the WAL behind it be recycled; in single-user mode PGlite runs those checkpoints
 * inline. A sync bolted on from outside would cover the first and miss the rest, and a power cut
 * after a checkpoint could then lose committed rows. A failed sync surfaces as the errno postgres
 * expects, and postgres PANICs rather than acknowledge the commit (`data_sync_retry=off`).
 */
import fs from 'node:fs';
import v8 from 'node:v8';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { isDataDir, makePrivate, syncTree } from './data-dir.ts';

type EmscriptenOpts = Parameters<NodeFS['init']>[1];

/** The parts of Emscripten's FS this file touches (not in PGlite's types). */
interface NodefsStream {
  /** the node fd behind a stream on a NODEFS mount; absent on other mounts (MEMFS /tmp) */
  nfd?: number;
}
interface ErrnoError extends Error {
  errno: number;
}
interface EmscriptenFs {
  getStreamChecked(fd: number): NodefsStream;
}
interface NodeAttr {
  mode?: number;
}
interface Nodefs {
  node_ops: {
    mknod(parent: unknown, name: string, mode: number, dev: number): unknown;
    setattr(node: unknown, attr: NodeAttr): void;
  };
  stream_ops: {
    fsync?: (stream: NodefsStream) => number;
    setattr(stream: NodefsStream, attr: NodeAttr): void;
  };
  tryFSOperation<T>(op: () => T): T;
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;

/**
 * The mode a file of the data directory gets: its owner's bits alone, as PostgreSQL's own files
 * (0600, directories 0700). Emscripten's file layer asks for 0777 at creation and its chmod for
 * 0666, both bypassing the process umask's intent (the chmod is explicit), so the mode is narrowed
 * here, for every file postgres or initdb makes or changes, whatever the umask.
 */
export function ownerOnlyMode(mode: number): number {
  const isFile = (mode & S_IFMT) === S_IFREG;
  return mode & ~(isFile ? 0o177 : 0o077);
}

/** Sync calls that reached the disk; tests read it to check that the hooks are live. */
export const syncCounts = { fsync: 0, fdatasync: 0 };

class SyncingNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: EmscriptenOpts): Promise<{ emscriptenOpts: EmscriptenOpts }> {
    const { emscriptenOpts } = await super.init(pg, opts);
    let mod: { FS: EmscriptenFs; NODEFS: Nodefs } | null = null;
    const instantiate = emscriptenOpts.instantiateWasm;
    if (!instantiate)
      throw new Error('PGlite no longer instantiates its own WASM: the fdatasync hook has no place');
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        // Before NODEFS mounts the data directory (the base class's preRun) and postgres starts.
        preRun: [
          (m) => {
            const nodefs = m.NODEFS as unknown as Nodefs;
            mod = { FS: m.FS as unknown as EmscriptenFs, NODEFS: nodefs };
            keepToOwner(nodefs);
            // Emscripten's fd_sync (libc fsync) returns what this returns; errors as ErrnoError.
            nodefs.stream_ops.fsync = (stream) => {
              if (stream.nfd !== undefined) {
                const nfd = stream.nfd;
                nodefs.tryFSOperation(() => fs.fsyncSync(nfd));
                syncCounts.fsync++;
              }
              return 0;
            };
          },
          ...(emscriptenOpts.preRun ?? []),
        ],
        // libc fdatasync is a WASM import: replace it before the module is instantiated.
        instantiateWasm: (
          imports: Record<string, Record<string, unknown>>,
          done: (instance: unknown) => void,
        ) => {
          const env = imports.env ?? {};
          if (typeof env.__syscall_fdatasync !== 'function') {
            throw new Error('PGlite WASM imports no __syscall_fdatasync: the WAL sync hook has no place');
          }
          env.__syscall_fdatasync = (fd: number): number => {
            if (!mod) return -8; // EBADF (WASI numbering): no file system yet
            try {
              const stream = mod.FS.getStreamChecked(fd);
              if (stream.nfd !== undefined) {
                const nfd = stream.nfd;
                mod.NODEFS.tryFSOperation(() => fs.fdatasyncSync(nfd));
                syncCounts.fdatasync++;
              }
              return 0;
            } catch (err) {
              // Emscripten syscalls answer -errno; anything else is a bug and must not be swallowed.
              if ((err as ErrnoError).name === 'ErrnoError') return -(err as ErrnoError).errno;
              throw err;
            }
          };
          return instantiate(imports, done);
        },
      },
    };
  }
}

/** Every node of the mount shares these objects: narrowing them covers initdb's proxy too. */
function keepToOwner(nodefs: Nodefs): void {
  const { node_ops: nodeOps, stream_ops: streamOps } = nodefs;
  const { mknod, setattr } = nodeOps;
  const streamSetattr = streamOps.setattr;
  const narrow = (attr: NodeAttr): NodeAttr =>
    attr.mode === undefined || attr.mode === null ? attr : { ...attr, mode: ownerOnlyMode(attr.mode) };
  // The mode Emscripten asks for carries the file type too (S_IFREG, S_IFDIR), which stays.
  nodeOps.mknod = (parent, name, mode, dev) => mknod.call(nodeOps, parent, name, ownerOnlyMode(mode), dev);
  nodeOps.setattr = (node, attr) => setattr.call(nodeOps, node, narrow(attr));
  streamOps.setattr = (stream, attr) => streamSetattr.call(streamOps, stream, narrow(attr));
}

/**
 * Keeps V8's WebAssembly code at its baseline compiler (Liftoff): postgres runs unoptimised.
 *
 * By default V8 recompiles a WASM function with its optimising compiler once it is hot, and one of
 * postgres's functions (104,930 bytes of WASM, #2272 in PGlite 0.5's module) takes ~600 MB of
 * compiler memory and seconds of CPU to optimise: it gets hot during the first start's migrations
 * (or the first minutes of play), and the process's RSS went from ~200 to ~700 MiB for those
 * seconds, which a 512 MiB machine does not survive. No V8 flag leaves out one function, so none is
 * optimised where DB_WASM_TIER_UP resolves to off (`auto`: below 1 GiB of memory). V8's flags are the process's: this holds for every thread
 * (Node's own WASM, fetch's HTTP parser, too), from the next module compiled. Call it before PGlite
 * compiles its own. Measured in BENCHMARKS.md ("The fresh start's peak").
 */
export function baselineWasmOnly(): void {
  // Set after start-up, a flag's implications are not applied: tiering is turned off by name.
  for (const flag of ['--liftoff-only', '--no-wasm-tier-up', '--no-wasm-dynamic-tiering']) {
    v8.setFlagsFromString(flag);
  }
}

/**
 * Postgres settings the embedded server starts with, over the data directory's postgresql.conf.
 *
 * shared_buffers: initdb writes 128MB, and in PGlite that is not a ceiling but a floor: postgres
 * maps its shared memory at start, and Emscripten's anonymous mmap zero-fills it inside the WASM
 * memory, so every page of it is resident from the first second (155 MiB of the 189 MB WASM memory
 * at idle). 16MB holds the catalogs and the hot index pages; pages beyond it are read back from the
 * operating system's page cache. Measured in BENCHMARKS.md ("Start-up time and memory").
 */
export const EMBEDDED_POSTGRES_SETTINGS: readonly string[] = ['shared_buffers=16MB'];

/** The PGlite options for a data directory on disk, synced as PostgreSQL syncs it. */
export function durablePgliteOptions(dataDir: string): PGliteOptions {
  return {
    fs: new SyncingNodeFS(dataDir),
    startParams: [
      ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
      ...EMBEDDED_POSTGRES_SETTINGS.flatMap((s) => ['-c', s]),
    ],
  };
}

/**
 * PGlite on `dataDir` synced to disk (see above), or in memory when `dataDir` is null.
 *
 * A new data directory comes from PGlite's initdb, which runs in memory and unpacks its files here
 * through a module without these hooks, and PostgreSQL syncs it only after a crash: so the whole
 * tree is synced once, as initdb itself would, before the first commit can be acknowledged.
 */
export async function createPglite(dataDir: string | null): Promise<PGlite> {
  if (!dataDir) return PGlite.create();
  const fresh = !isDataDir(dataDir);
  const pg = await PGlite.create(durablePgliteOptions(dataDir));
  if (fresh) {
    // The file layer kept initdb's files to their owner (above); this catches anything it did not.
    makePrivate(dataDir);
    syncCounts.fsync += syncTree(dataDir);
  }
  return pg;
}
