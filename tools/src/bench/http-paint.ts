/**
 * HTTP paint load: a closed loop of C requests in flight over keep-alive connections (node:http,
 * cheaper per request than fetch). Each request is a random pixel and colour by a random player.
 */
import http from 'node:http';
import { BASIC_COLORS, CANVAS_PIXELS, colorOfIndex, PALETTE_SIZE, paletteIndexOf } from '@pixel-wall/shared';
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
  const agent = new http.Agent({ keepAlive: true, maxSockets: load.concurrency });
  const url = new URL('/api/v1/repaint/start', baseUrl);
  const started = performance.now();
  const measureFrom = started + (load.warmupSeconds ?? 1) * 1000;
  const deadline = measureFrom + load.seconds * 1000;
  const latency = new Samples();
  const errors = new Map<string, number>();
  let sent = 0;
  let ok = 0;
  let noCharges = 0;
  let lastDone = measureFrom;

  const one = (player: Player): Promise<{ status: number; text: string }> => {
    const body = JSON.stringify({ pixelId: randomPixel(), newColor: colorOfIndex(randomColor()) });
    return new Promise((resolve) => {
      const req = http.request(
        url,
        {
          method: 'POST',
          agent,
          headers: {
            authorization: `Bearer ${player.token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            text += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          res.on('error', (err) => resolve({ status: 0, text: err.message }));
        },
      );
      req.on('error', (err) => resolve({ status: 0, text: err.message }));
      req.end(body);
    });
  };

  const worker = async () => {
    while (performance.now() < deadline && sent < load.maxRequests) {
      const player = load.players[Math.floor(Math.random() * load.players.length)]!;
      const t0 = performance.now();
      const counted = t0 >= measureFrom;
      if (counted) sent++;
      const res = await one(player);
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
  await Promise.all(Array.from({ length: load.concurrency }, worker));
  agent.destroy();
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
