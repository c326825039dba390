/**
 * HTTP paint load: a closed loop of C requests in flight over C keep-alive connections (the
 * bench's own lean client, http-client.ts: node:http's took a third of the machine). Each request
 * is a random pixel and colour by a random player.
 */
import { BASIC_COLORS, CANVAS_PIXELS, colorOfIndex, PALETTE_SIZE, paletteIndexOf } from '@pixel-wall/shared';
import { HttpConnection } from './http-client.ts';
import type { Player } from './players.ts';
import { bump, type LatencySummary, Samples } from './stats.ts';

export interface PaintLoad {
  players: readonly Player[];
  concurrency: number;
  seconds: number;
  /** hard cap on requests, whatever the duration */
  maxRequests: number;
  /** leading seconds not counted: first paints load each player's charges and profile */
  warmupSeconds?: number;
}

export interface PaintRun {
  concurrency: number;
  seconds: number;
  sent: number;
  ok: number;
  noCharges: number;
  /** other failures by `status code` (or transport error) */
  errors: Map<string, number>;
  paintsPerSecond: number;
  latency: LatencySummary;
}

export function randomPixel(): number {
  return 1 + Math.floor(Math.random() * CANVAS_PIXELS);
}

/** A random palette index anywhere in the palette. */
export function randomPaletteIndex(): number {
  return Math.floor(Math.random() * PALETTE_SIZE);
}

const BASIC_INDICES = BASIC_COLORS.map((c) => paletteIndexOf(c));

/**
 * A random colour of the basic line, which every bench player may paint (the rest needs All
 * colours); the colour check is the same O(1) table read either way.
 */
export function randomColor(): number {
  return BASIC_INDICES[Math.floor(Math.random() * BASIC_INDICES.length)]!;
}

function errorKey(status: number, text: string): string {
  try {
    const code = (JSON.parse(text) as { error?: { code?: unknown } }).error?.code;
    return typeof code === 'string' ? `${status} ${code}` : String(status);
  } catch {
    return String(status);
  }
}

export async function runHttpPaint(baseUrl: string, load: PaintLoad): Promise<PaintRun> {
  const url = new URL(baseUrl);
  const path = '/api/v1/repaint/start';
  const started = performance.now();
  const measureFrom = started + (load.warmupSeconds ?? 1) * 1000;
  const deadline = measureFrom + load.seconds * 1000;
  const latency = new Samples();
  const errors = new Map<string, number>();
  let sent = 0;
  let ok = 0;
  let noCharges = 0;
  let lastDone = measureFrom;

  const one = (conn: HttpConnection, player: Player) =>
    conn.request(
      'POST',
      path,
      `authorization: Bearer ${player.token}\r\ncontent-type: application/json\r\n`,
      JSON.stringify({ pixelId: randomPixel(), newColor: colorOfIndex(randomColor()) }),
    );

  const conns = Array.from({ length: load.concurrency }, () => new HttpConnection(url));
  const worker = async (conn: HttpConnection) => {
    while (performance.now() < deadline && sent < load.maxRequests) {
      const player = load.players[Math.floor(Math.random() * load.players.length)]!;
      const t0 = performance.now();
      const counted = t0 >= measureFrom;
      if (counted) sent++;
      const res = await one(conn, player);
      const t1 = performance.now();
      if (!counted) continue;
      lastDone = t1;
      if (res.status === 200) {
        ok++;
        latency.push(t1 - t0);
      } else if (res.status === 409 && res.text.includes('NO_CHARGES')) noCharges++;
      else bump(errors, res.status === 0 ? `transport: ${res.text}` : errorKey(res.status, res.text));
    }
  };
  await Promise.all(conns.map(worker));
  for (const conn of conns) conn.close();
  const seconds = (lastDone - measureFrom) / 1000;
  return {
    concurrency: load.concurrency,
    seconds,
    sent,
    ok,
    noCharges,
    errors,
    paintsPerSecond: seconds > 0 ? ok / seconds : 0,
    latency: latency.summary(),
  };
}
