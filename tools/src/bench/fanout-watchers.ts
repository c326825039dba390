/**
 * Child process for the fan-out benchmark: holds many guest sockets so their cost lands outside the
 * process that paints. Every watcher counts PIXELS frames and sequence gaps from the header alone;
 * one in `sampleEvery` also inflates the body and records one random change with its arrival time.
 * Each frame's first and last arrival over all the watchers give its spread: how long the server
 * took to reach every socket with it, as the clients saw it.
 *
 * The watchers are raw TCP sockets that speak just enough of RFC 6455 to watch (an upgrade request,
 * then unmasked server frames read by a few lines below), not `ws` clients: 10,000 `ws` clients
 * receiving ten frames a second each cost this process about a core, which it takes from the
 * server on a small machine.
 *
 * Parent → child: {type:'open', url, count, sampleEvery} | {type:'record'} | {type:'stop'} | {type:'close'}
 * Child → parent: {type:'opened', ...} | {type:'samples', ...} | {type:'closed'}
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { inflateRawSync } from 'node:zlib';
import {
  pixelChangeCount,
  pixelIdAt,
  pixelsFrameBody,
  pixelsFrameDeflated,
  pixelsFrameSeq,
} from '@pixel-wall/shared';
import { monotonicMs } from './stats.ts';

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
      /** for each frame that reached every watcher: its first arrival to its last, ms */
      spreadMs: number[];
      /** this process's CPU while recording, % of one core */
      cpuPercent: number;
    }
  | { type: 'closed' };

interface Watcher {
  socket: net.Socket;
  sampled: boolean;
  lastSeq: number;
  /** bytes received and not yet parsed into whole frames */
  pending: Buffer | null;
}

const watchers: Watcher[] = [];
let recording = false;
let frames = 0;
let gaps = 0;
let closedCount = 0;
let pixelIds: number[] = [];
let receivedAt: number[] = [];
let created = 0;
/** while recording: each frame's first and last arrival and how many watchers it reached */
const arrivals = new Map<number, { first: number; last: number; count: number }>();
let cpuAtRecord = process.cpuUsage();
let recordAt = 0;

function send(msg: FromWatchers): void {
  process.send?.(msg);
}

/** Splits what arrived into whole frames (unmasked, unfragmented: what the server sends). */
function onData(w: Watcher, chunk: Buffer): void {
  let buf = w.pending ? Buffer.concat([w.pending, chunk]) : chunk;
  w.pending = null;
  for (;;) {
    if (buf.length < 2) break;
    const opcode = buf[0]! & 0x0f;
    let len = buf[1]! & 0x7f;
    let off = 2;
    if (len === 126) {
      if (buf.length < 4) break;
      len = buf.readUInt16BE(2);
      off = 4;
    } else if (len === 127) {
      if (buf.length < 10) break;
      len = Number(buf.readBigUInt64BE(2));
      off = 10;
    }
    if (buf.length < off + len) break;
    if (opcode === 0x2) onFrame(w, buf.subarray(off, off + len));
    else if (opcode === 0x8) w.socket.end();
    buf = buf.subarray(off + len);
  }
  if (buf.length > 0) w.pending = Buffer.from(buf);
}

function onFrame(w: Watcher, data: Buffer): void {
  const seq = pixelsFrameSeq(data);
  if (seq === null) return;
  const at = monotonicMs();
  if (recording) {
    const a = arrivals.get(seq);
    if (a) {
      a.last = at;
      a.count++;
    } else arrivals.set(seq, { first: at, last: at, count: 1 });
    frames++;
    if (w.lastSeq > 0 && seq !== w.lastSeq + 1) gaps++;
  }
  w.lastSeq = seq;
  if (!recording || !w.sampled) return;
  let body = pixelsFrameBody(data);
  if (pixelsFrameDeflated(data)) body = inflateRawSync(body);
  const n = pixelChangeCount(body);
  if (n === 0) return;
  pixelIds.push(pixelIdAt(body, Math.floor(Math.random() * n)));
  receivedAt.push(at);
}

/**
 * The one buffer every watcher reads into (`onread`): each read is parsed before the next, and a
 * partial frame is copied out (`pending`). Without it each read costs a fresh Buffer and a trip
 * through the socket's stream and its 'data' event, CPU this process takes from the server.
 */
const readBuffer = Buffer.allocUnsafe(64 * 1024);

function openOne(url: string, sampled: boolean): Promise<Watcher> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    /** what has arrived of the upgrade's answer; null once it is whole */
    let head: Buffer | null = Buffer.alloc(0);
    // Always true: a watcher never pauses its socket.
    const onRead = (n: number): true => {
      const chunk = readBuffer.subarray(0, n);
      if (head === null) {
        onData(w, chunk);
        return true;
      }
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return true;
      const answer = head;
      head = null;
      if (!answer.subarray(0, 12).toString().startsWith('HTTP/1.1 101')) {
        socket.destroy();
        reject(new Error(`upgrade refused: ${answer.subarray(0, answer.indexOf('\r\n')).toString()}`));
        return true;
      }
      socket.off('error', reject);
      socket.once('close', () => {
        closedCount++;
      });
      socket.on('error', () => socket.destroy());
      resolve(w);
      if (answer.length > end + 4) onData(w, answer.subarray(end + 4));
      return true;
    };
    const socket = net.connect({
      host: u.hostname,
      port: Number(u.port),
      onread: { buffer: readBuffer, callback: onRead },
    });
    socket.setNoDelay(true);
    const w: Watcher = { socket, sampled, lastSeq: 0, pending: null };
    socket.once('error', reject);
    socket.write(
      `GET ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${u.host}\r\nUpgrade: websocket\r\n` +
        `Connection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n` +
        'Sec-WebSocket-Version: 13\r\n\r\n',
    );
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
      arrivals.clear();
      cpuAtRecord = process.cpuUsage();
      recordAt = performance.now();
      recording = true;
      break;
    case 'stop': {
      recording = false;
      const cpu = process.cpuUsage(cpuAtRecord);
      const seconds = (performance.now() - recordAt) / 1000;
      const spreadMs: number[] = [];
      for (const a of arrivals.values()) if (a.count >= watchers.length) spreadMs.push(a.last - a.first);
      send({
        type: 'samples',
        pixelIds,
        receivedAt,
        frames,
        gaps,
        closed: closedCount,
        watchers: watchers.length,
        spreadMs,
        cpuPercent: seconds > 0 ? ((cpu.user + cpu.system) / 1e6 / seconds) * 100 : 0,
      });
      break;
    }
    case 'close':
      for (const w of watchers) w.socket.destroy();
      watchers.length = 0;
      send({ type: 'closed' });
      process.disconnect?.();
      break;
  }
});
