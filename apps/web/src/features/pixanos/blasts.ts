/**
 * Explosions for blasts from the bus (issue: "bomb 13 frames, pumpkin 20 frames, random delays for
 * others' explosions"). Frames are drawn procedurally on a 2D overlay: a flash, a ring of fire and
 * flying sparks that cool and fade. Others' explosions start after a small random delay, so a
 * burst of blasts does not go off in lockstep; the player's own blast is drawn once, at once.
 */
import type { WallEvent } from '@pixel-wall/shared';
import { pointOfPixelId } from '@pixel-wall/shared/core';

export const BLAST_FRAMES = { bomb: 13, pumpkin: 20 } as const;
export const BLAST_FRAME_MS = 45;
/** Others' explosions wait a random time in [min, max] ms before they play (SPEC timings). */
export const OTHERS_DELAY_MS = {
  bomb: { min: 50, max: 3_000 },
  pumpkin: { min: 50, max: 500 },
} as const;

export type BlastAnimKind = keyof typeof BLAST_FRAMES;

export interface Explosion {
  kind: BlastAnimKind;
  /** canvas pixel (centre of the blast) */
  x: number;
  y: number;
  /** blast side in canvas pixels */
  size: number;
  startAt: number;
  seed: number;
}

/** The explosion an event asks for, or null (paint cans and snaps do not explode). */
export function explosionFor(
  event: WallEvent,
  myId: number | null,
  now: number,
  random: () => number = Math.random,
): Explosion | null {
  if (event.kind !== 'bomb' && event.kind !== 'pumpkin') return null;
  const { x, y } = pointOfPixelId(event.pixelId);
  const own = myId !== null && event.user.id === myId;
  return {
    kind: event.kind,
    x,
    y,
    size: event.kind === 'bomb' ? 5 : 7,
    startAt: now + (own ? 0 : othersDelay(event.kind, random)),
    seed: Math.floor(random() * 0xffffffff),
  };
}

/** How long another player's explosion of this kind waits: uniform in its [min, max]. */
export function othersDelay(kind: BlastAnimKind, random: () => number = Math.random): number {
  const { min, max } = OTHERS_DELAY_MS[kind];
  return Math.round(min + random() * (max - min));
}

/** Which frame shows at `now`: -1 before the start, null once it is over. */
export function frameAt(e: Explosion, now: number): number | null {
  if (now < e.startAt) return -1;
  const f = Math.floor((now - e.startAt) / BLAST_FRAME_MS);
  return f < BLAST_FRAMES[e.kind] ? f : null;
}

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws frame `frame` of `e` centred at (cx, cy) screen px with radius `r`. */
export function drawExplosionFrame(
  ctx: CanvasRenderingContext2D,
  e: Explosion,
  frame: number,
  cx: number,
  cy: number,
  r: number,
): void {
  const n = BLAST_FRAMES[e.kind];
  const t = frame / (n - 1);
  const pumpkin = e.kind === 'pumpkin';
  ctx.save();
  // Flash, then the fireball.
  const ball = r * (0.35 + 0.75 * Math.sqrt(t));
  const g = ctx.createRadialGradient(cx, cy, 0, cx, cy, ball);
  const a = 1 - t;
  g.addColorStop(0, `rgba(255,255,220,${a})`);
  g.addColorStop(0.35, pumpkin ? `rgba(255,150,20,${a})` : `rgba(255,190,40,${a})`);
  g.addColorStop(0.75, pumpkin ? `rgba(220,70,0,${a * 0.8})` : `rgba(230,60,20,${a * 0.8})`);
  g.addColorStop(1, 'rgba(60,20,0,0)');
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(cx, cy, ball, 0, Math.PI * 2);
  ctx.fill();
  // Shock ring.
  ctx.strokeStyle = `rgba(255,230,160,${0.8 * (1 - t)})`;
  ctx.lineWidth = Math.max(1, r * 0.08 * (1 - t));
  ctx.beginPath();
  ctx.arc(cx, cy, r * (0.2 + 1.1 * t), 0, Math.PI * 2);
  ctx.stroke();
  // Sparks (pumpkins throw green pulp too).
  const random = rng(e.seed);
  const sparks = pumpkin ? 22 : 14;
  for (let i = 0; i < sparks; i++) {
    const angle = random() * Math.PI * 2;
    const speed = 0.6 + random() * 0.9;
    const d = r * speed * (0.2 + 1.2 * t);
    const sx = cx + Math.cos(angle) * d;
    const sy = cy + Math.sin(angle) * d + r * 0.25 * t * t;
    const size = Math.max(1.5, r * 0.07 * (1 - t * 0.7));
    ctx.fillStyle =
      pumpkin && i % 3 === 0
        ? `rgba(90,170,40,${1 - t})`
        : `rgba(255,${Math.round(220 - 150 * t)},60,${1 - t})`;
    ctx.fillRect(sx - size / 2, sy - size / 2, size, size);
  }
  ctx.restore();
}
