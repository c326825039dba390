/**
 * Snapshot: fill the canvas with random paints, then measure the webp and raw snapshots (size, a fresh
 * encode as a client sees it, the server's own encode histogram) and serving the cached one to many
 * concurrent readers. Plus an in-process micro-benchmark of encodeWebp on synthetic canvases.
 */
import http from 'node:http';
import { inflateRawSync } from 'node:zlib';
import { encodeWebp } from '@pixel-wall/server/src/modules/canvas/snapshot.ts';
import {
  BLANK_COLOR_INDEX,
  CANVAS_PIXELS,
  CANVAS_WIDTH,
  decodeServerFrame,
  encodeRepaintRpc,
  FrameType,
} from '@pixel-wall/shared';
import { randomColor, randomPaletteIndex, randomPixel } from './http-paint.ts';
import type { Player } from './players.ts';
import { type ServerHandle, type ServerWindow, serverWindow } from './server.ts';
import { type LatencySummary, metricTotal, Samples, summarize, xorshift32 } from './stats.ts';
import {
  closeSockets,
  openPainterSockets,
  type PainterSocket,
  runWsPaint,
  SAFE_SOCKET_RATE,
  type WsPaintRun,
} from './ws-paint.ts';

export interface SnapshotOptions {
  players: readonly Player[];
  fillTarget: number;
  fillSeconds: number;
  seconds: number;
  concurrency: number;
  maxRequests: number;
  freshEncodes: number;
}

export interface FreshEncode {
  format: 'webp' | 'raw';
  bytes: number;
  /** client-observed request time of snapshots that had to be encoded (GET ?after=<new seq>) */
  requestMs: LatencySummary;
  /** the server's pixelwall_snapshot_encode_seconds over the same requests (webp only) */
  serverEncodeMeanMs: number;
  /** the server over those requests (and the single paints between them) */
  server: ServerWindow;
}

export interface CachedServe {
  concurrency: number;
  seconds: number;
  requests: number;
  failures: number;
  requestsPerSecond: number;
  megabytesPerSecond: number;
  latency: LatencySummary;
  server: ServerWindow;
}

export interface SnapshotResult {
  fill: WsPaintRun;
  distinctPixels: number;
  /** pixels not of the blank colour when the snapshots were measured */
  nonBlankPixels: number;
  fresh: FreshEncode[];
  cached: CachedServe;
}

export interface MicroResult {
  canvas: string;
  bytes: number;
  totalMs: LatencySummary;
  /** time before encodeWebp returned its promise: the part that holds the event loop */
  syncMs: LatencySummary;
}

interface Got {
  status: number;
  bytes: number;
  seq: number;
}

function get(agent: http.Agent, url: string, keep?: Buffer[]): Promise<Got> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        keep?.push(c);
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, bytes, seq: Number(res.headers['x-canvas-seq'] ?? -1) }),
      );
      res.on('error', () => resolve({ status: 0, bytes, seq: -1 }));
    });
    req.on('error', () => resolve({ status: 0, bytes: 0, seq: -1 }));
  });
}

/** Paints one pixel and resolves with the sequence number of the batch that carried it. */
function paintOneAndWaitSeq(conn: PainterSocket, requestId: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let acknowledged = false;
    const timer = setTimeout(() => {
      conn.ws.off('message', onMessage);
      reject(new Error('no PIXELS batch after a paint'));
    }, 5000);
    const onMessage = (data: Buffer) => {
      const frame = decodeServerFrame(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      if (frame?.type === FrameType.Result && frame.requestId === requestId) {
        if (!frame.ok) {
          clearTimeout(timer);
          conn.ws.off('message', onMessage);
          reject(new Error('paint refused'));
        }
        acknowledged = true;
      } else if (frame?.type === FrameType.Pixels && acknowledged) {
        clearTimeout(timer);
        conn.ws.off('message', onMessage);
        resolve(frame.seq);
      }
    };
    conn.ws.on('message', onMessage);
    conn.ws.send(encodeRepaintRpc(requestId, randomPixel(), randomColor()));
  });
}

export async function runSnapshot(server: ServerHandle, opts: SnapshotOptions): Promise<SnapshotResult> {
  // Two sockets per player keep the offered rate well above what the server sustains.
  const conns = await openPainterSockets(server.wsUrl, opts.players, opts.players.length * 2);
  const fill = await runWsPaint(
    conns,
    {
      sockets: conns.length,
      inFlight: 8,
      perSocketRate: SAFE_SOCKET_RATE,
      seconds: opts.fillSeconds,
      maxRequests: opts.fillTarget,
      warmupSeconds: 0,
    },
    true,
  );
  await new Promise((r) => setTimeout(r, 300));

  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const base = `${server.baseUrl}/api/v1/image/canvas`;
  // Earlier scenarios painted the same canvas: count what is really on it.
  const rawChunks: Buffer[] = [];
  await get(agent, `${base}?format=raw`, rawChunks);
  const indices = inflateRawSync(Buffer.concat(rawChunks));
  let nonBlank = 0;
  for (const v of indices) if (v !== BLANK_COLOR_INDEX) nonBlank++;

  const fresh: FreshEncode[] = [];
  let requestId = 1_000_000_000;
  for (const format of ['webp', 'raw'] as const) {
    const times = new Samples();
    let size = 0;
    const mark0 = await server.mark();
    for (let i = 0; i < opts.freshEncodes; i++) {
      const seq = await paintOneAndWaitSeq(conns[0]!, requestId++);
      const started = performance.now();
      const got = await get(agent, `${base}?format=${format}&after=${seq}`);
      times.push(performance.now() - started);
      if (got.status !== 200 || got.seq < seq) throw new Error(`snapshot GET ${got.status} seq ${got.seq}`);
      size = got.bytes;
    }
    const mark1 = await server.mark();
    const d = (name: string) => metricTotal(mark1.metrics, name) - metricTotal(mark0.metrics, name);
    const n = d('pixelwall_snapshot_encode_seconds_count');
    fresh.push({
      format,
      bytes: size,
      requestMs: times.summary(),
      serverEncodeMeanMs:
        format === 'webp' && n > 0 ? (d('pixelwall_snapshot_encode_seconds_sum') / n) * 1000 : Number.NaN,
      server: serverWindow(mark0, mark1),
    });
  }
  await closeSockets(conns);

  const cached = await serveCached(server, agent, base, opts);
  agent.destroy();
  return { fill, distinctPixels: fill.painted?.size ?? 0, nonBlankPixels: nonBlank, fresh, cached };
}

async function serveCached(
  server: ServerHandle,
  agent: http.Agent,
  base: string,
  opts: SnapshotOptions,
): Promise<CachedServe> {
  await get(agent, base); // makes sure the cache holds the current sequence
  const before = await server.mark();
  const latency = new Samples();
  let requests = 0;
  let failures = 0;
  let bytes = 0;
  const started = performance.now();
  const deadline = started + opts.seconds * 1000;
  let lastDone = started;
  const worker = async () => {
    while (performance.now() < deadline && requests < opts.maxRequests) {
      requests++;
      const t = performance.now();
      const got = await get(agent, base);
      lastDone = performance.now();
      if (got.status === 200) {
        latency.push(lastDone - t);
        bytes += got.bytes;
      } else failures++;
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  const seconds = (lastDone - started) / 1000;
  return {
    concurrency: opts.concurrency,
    seconds,
    requests,
    failures,
    requestsPerSecond: latency.length / seconds,
    megabytesPerSecond: bytes / 1024 / 1024 / seconds,
    latency: latency.summary(),
    server: serverWindow(before, await server.mark()),
  };
}

// ---------- in-process encodeWebp ----------

/** Random palette indices everywhere: the worst case for any image codec. */
export function noisyCanvas(): Uint8Array {
  const c = new Uint8Array(CANVAS_PIXELS);
  for (let i = 0; i < c.length; i++) c[i] = randomPaletteIndex();
  return c;
}

/**
 * What a played wall tends to look like: a blank background, large flat blocks (squads' templates),
 * and a sprinkle of single stray paints over everything.
 */
export function realisticCanvas(seed = 1): Uint8Array {
  // the same canvas on every run, so sizes are comparable between runs
  const rnd = xorshift32(seed);
  const c = new Uint8Array(CANVAS_PIXELS);
  for (let r = 0; r < 300; r++) {
    const w = 8 + Math.floor(rnd() * 200);
    const h = 8 + Math.floor(rnd() * 200);
    const x0 = Math.floor(rnd() * (CANVAS_WIDTH - w));
    const y0 = Math.floor(rnd() * (CANVAS_WIDTH - h));
    const color = Math.floor(rnd() * 30);
    for (let y = y0; y < y0 + h; y++) c.fill(color, y * CANVAS_WIDTH + x0, y * CANVAS_WIDTH + x0 + w);
  }
  for (let i = 0; i < CANVAS_PIXELS * 0.03; i++)
    c[Math.floor(rnd() * CANVAS_PIXELS)] = Math.floor(rnd() * 30);
  return c;
}

export async function microEncode(runs: number): Promise<MicroResult[]> {
  const out: MicroResult[] = [];
  const canvases: [string, Uint8Array][] = [
    ['blank', new Uint8Array(CANVAS_PIXELS)],
    ['realistic (300 flat blocks + 3 % noise)', realisticCanvas()],
    ['noisy (random index per pixel)', noisyCanvas()],
  ];
  for (const [name, canvas] of canvases) {
    await encodeWebp(canvas); // warm sharp's thread pool and code paths
    const total: number[] = [];
    const sync: number[] = [];
    let bytes = 0;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const pending = encodeWebp(canvas);
      sync.push(performance.now() - t0);
      bytes = (await pending).length;
      total.push(performance.now() - t0);
    }
    out.push({ canvas: name, bytes, totalMs: summarize(total), syncMs: summarize(sync) });
  }
  return out;
}
