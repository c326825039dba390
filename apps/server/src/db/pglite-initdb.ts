/**
 * Makes a new PGlite data directory (initdb, synced as `pglite-durable.ts` syncs it) in a process
 * of its own, then exits: `pglite-thread.ts` runs it before the serving worker opens the directory.
 *
 *   node pglite-initdb.js <directory>
 *
 * A process, not a thread: initdb runs in a WASM instance of its own and leaves ~450 MiB of garbage
 * behind; a thread that exits gives back its heap, but glibc keeps the exited thread's malloc arena
 * for the next thread, which held ~35 MiB of it for as long as the server ran. A process that exits
 * gives everything back.
 */
import { baselineWasmOnly, createPglite } from './pglite-durable.ts';

// Its files are the data directory's: its owner's alone (the file layer narrows what initdb asks).
process.umask(0o077);
const dir = process.argv[2];
if (!dir) {
  console.error('usage: pglite-initdb <data directory>');
  process.exit(2);
}
baselineWasmOnly();
const pg = await createPglite(dir);
await pg.close();
