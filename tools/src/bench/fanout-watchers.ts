/**
 * Child process for the fan-out benchmark: holds many guest sockets so their cost lands outside the
 * process that paints. Every watcher counts PIXELS frames and sequence gaps from the header alone;
 * one in `sampleEvery` also inflates the body and records one random change with its arrival time.
 *
 * Parent → child: {type:'open', url, count, sampleEvery} | {type:'record'} | {type:'stop'} | {type:'close'}
 * Child → parent: {type:'opened', ...} | {type:'samples', ...} | {type:'closed'}
 */
import { inflateRawSync } from 'node:zlib';
import { FrameType, PIXEL_FLAG_DEFLATED, PIXELS_HEADER_BYTES } from '@pixel-wall/shared';
import WebSocket from 'ws';

export type ToWatchers =
  | { type: 'open'; url: string; count: number; sampleEvery: number }
  | { type: 'record' }
  | { type: 'stop' }
  | { type: 'close' };

export type FromWatchers =
  | { type: 'opened'; open: number; failed: number; ms: number; errors: string[] }
  | {
      type: 'samples';
      pixelIds: number[];
      receivedAt: number[];
      frames: number;
      gaps: number;
      closed: number;
      watchers: number;
    }
  | { type: 'closed' };

/** Epoch milliseconds with sub-millisecond resolution, comparable between processes on one machine. */
export function clock(): number {
  return performance.timeOrigin + performance.now();
}

interface Watcher {
  ws: WebSocket;
  sampled: boolean;
  lastSeq: number;
}

const watchers: Watcher[] = [];
let recording = false;
let frames = 0;
let gaps = 0;
let closedCount = 0;
let pixelIds: number[] = [];
let receivedAt: number[] = [];
let created = 0;

function send(msg: FromWatchers): void {
  process.send?.(msg);
}

function onFrame(w: Watcher, data: Buffer): void {
  if (data[0] !== FrameType.Pixels || data.length < PIXELS_HEADER_BYTES) return;
  const at = clock();
  const seq = data.readUInt32LE(2);
  if (recording) {
    frames++;
    if (w.lastSeq > 0 && seq !== w.lastSeq + 1) gaps++;
  }
  w.lastSeq = seq;
  if (!recording || !w.sampled) return;
  let body = data.subarray(PIXELS_HEADER_BYTES);
  if (data[1] === PIXEL_FLAG_DEFLATED) body = inflateRawSync(body);
  const n = body.length >>> 2;
  if (n === 0) return;
  const o = Math.floor(Math.random() * n) * 4;
  pixelIds.push(body[o]! | (body[o + 1]! << 8) | (body[o + 2]! << 16));
  receivedAt.push(at);
}

function openOne(url: string, sampled: boolean): Promise<Watcher> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.binaryType = 'nodebuffer';
    const w: Watcher = { ws, sampled, lastSeq: 0 };
    ws.once('open', () => resolve(w));
    ws.once('error', reject);
    ws.on('message', (data: Buffer) => onFrame(w, data));
    ws.once('close', () => {
      closedCount++;
    });
  });
}

async function open(url: string, count: number, sampleEvery: number): Promise<void> {
  const started = performance.now();
  let failed = 0;
  const errors = new Set<string>();
  const batch = 100;
  for (let i = 0; i < count; i += batch) {
    const results = await Promise.allSettled(
      Array.from({ length: Math.min(batch, count - i) }, () => openOne(url, created++ % sampleEvery === 0)),
    );
    for (const r of results) {
      if (r.status === 'fulfilled') watchers.push(r.value);
      else {
        failed++;
        errors.add(String((r.reason as Error)?.message ?? r.reason));
      }
    }
  }
  send({
    type: 'opened',
    open: watchers.length,
    failed,
    ms: performance.now() - started,
    errors: [...errors],
  });
}

process.on('message', (msg: ToWatchers) => {
  switch (msg.type) {
    case 'open':
      void open(msg.url, msg.count, msg.sampleEvery);
      break;
    case 'record':
      frames = 0;
      gaps = 0;
      pixelIds = [];
      receivedAt = [];
      recording = true;
      break;
    case 'stop':
      recording = false;
      send({
        type: 'samples',
        pixelIds,
        receivedAt,
        frames,
        gaps,
        closed: closedCount,
        watchers: watchers.length,
      });
      break;
    case 'close':
      for (const w of watchers) w.ws.terminate();
      watchers.length = 0;
      send({ type: 'closed' });
      process.disconnect?.();
      break;
  }
});
