/**
 * The floor under fan-out: how long it takes to write one buffer to each of N plain TCP sockets on
 * loopback with `net.Socket.write`, with no websocket, no game and no encoding — the one write per
 * socket per frame that any broadcast must make. The readers are in a child process that only
 * counts bytes, as the fan-out watchers do.
 *
 * On loopback the sender's write also runs the receiving side's TCP processing in the kernel, so
 * this is an upper bound of what a write costs towards a real network card, but it is the cost the
 * fan-out benchmark pays on this machine.
 *
 * Child mode: `write-floor.ts child <port> <count>` connects `count` sockets and reports 'ready'.
 */
import { fork } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { summarize } from './stats.ts';

export interface WriteFloorStep {
  sockets: number;
  frameBytes: number;
  rounds: number;
  /** milliseconds to write the frame once to every socket */
  p50Ms: number;
  maxMs: number;
  /** p50Ms per socket, in microseconds */
  perSocketUs: number;
}

export interface WriteFloorOptions {
  counts: readonly number[];
  frameBytes: number;
  rounds: number;
  /** pause between rounds, so the readers drain and every round writes to empty buffers */
  pauseMs: number;
}

async function measure(count: number, opts: WriteFloorOptions): Promise<WriteFloorStep> {
  const sockets: net.Socket[] = [];
  const server = net.createServer((s) => {
    s.setNoDelay(true);
    s.on('error', () => s.destroy());
    sockets.push(s);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const child = fork(fileURLToPath(import.meta.url), ['child', String(port), String(count)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const connected = await new Promise<number>((resolve, reject) => {
      child.once('message', (n) => resolve(Number(n)));
      child.once('exit', (code) => reject(new Error(`write-floor readers exited (${code})`)));
    });
    if (connected < count) throw new Error(`write-floor: only ${connected} of ${count} sockets connected`);
    while (sockets.length < count) await new Promise((r) => setTimeout(r, 10));
    const frame = Buffer.alloc(opts.frameBytes, 0x5a);
    const times: number[] = [];
    for (let round = 0; round < opts.rounds; round++) {
      await new Promise((r) => setTimeout(r, opts.pauseMs));
      const t0 = performance.now();
      for (const s of sockets) s.write(frame);
      times.push(performance.now() - t0);
    }
    const t = summarize(times);
    return {
      sockets: count,
      frameBytes: opts.frameBytes,
      rounds: opts.rounds,
      p50Ms: t.p50,
      maxMs: t.max,
      perSocketUs: (t.p50 * 1000) / count,
    };
  } finally {
    child.kill();
    for (const s of sockets) s.destroy();
    await new Promise((r) => server.close(r));
  }
}

export async function runWriteFloor(opts: WriteFloorOptions): Promise<WriteFloorStep[]> {
  const steps: WriteFloorStep[] = [];
  for (const count of opts.counts) steps.push(await measure(count, opts));
  return steps;
}

if (process.argv[2] === 'child') {
  const port = Number(process.argv[3]);
  const count = Number(process.argv[4]);
  let connected = 0;
  let settled = 0;
  const settle = () => {
    if (++settled === count) process.send?.(connected);
  };
  // In batches, as the fan-out watchers open theirs: a burst of 10,000 overflows the listen backlog.
  const open = async () => {
    for (let i = 0; i < count; i += 100) {
      const batch = Array.from({ length: Math.min(100, count - i) }, () => {
        const s = net.connect(port, '127.0.0.1');
        s.on('data', () => {});
        return new Promise<void>((resolve) => {
          s.once('connect', () => {
            connected++;
            resolve();
          });
          s.once('error', () => {
            s.destroy();
            resolve();
          });
        }).then(settle);
      });
      await Promise.all(batch);
    }
  };
  void open();
  process.on('disconnect', () => process.exit(0));
}
