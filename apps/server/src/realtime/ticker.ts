/**
 * The ticker (one per cluster: the leader; always on when embedded) collects the committed pixel
 * changes of every instance from the bus; for each batch it takes the next cluster-wide sequence,
 * encodes one PIXELS frame (deflated when smaller) and publishes it on the bus, for every
 * instance's hub to write to its sockets.
 *
 * A quiet wall publishes a change as soon as its commit lands; a busy one sends one frame per
 * TICK_MS, and while the hub is still writing the previous frame the changes wait and join the
 * next one. The budget is a token bucket: one frame per TICK_MS on average, and up to
 * `burstFrames` back to back after a quiet spell. A wall of ~10 commits a second, which comes in
 * at random moments, would otherwise see most of its paints wait for the rest of an interval (two
 * paints 60 ms apart: the second waits 40 ms) without saving a single frame.
 *
 * Where a frame takes long to write (thousands of sockets on this instance), frames are spaced
 * further apart, up to two TICK_MS, so that writing them takes at most half of the event loop.
 */
import { deflateRawSync } from 'node:zlib';
import { BYTES_PER_CHANGE, encodePixelsFrame, type PixelChange, writePixelChange } from '@pixel-wall/shared';
import type { Bus } from './bus.ts';

/** How soon a held tick looks again: the hub frees up mid-interval, and the changes should not wait out a whole TICK_MS more. */
const HOLD_RETRY_MS = 5;

/** Frames a quiet spell saves up (see the header); 1: at most one frame per TICK_MS, always. */
const BURST_FRAMES = 4;

/**
 * The most of the event loop that writing frames may take: the next frame waits at least a frame's
 * write time (the hub's average) divided by this. Past ~5,000 sockets on one instance a frame takes tens of ms of
 * the thread that also takes the paints; ten such frames a second left their commits waiting and
 * made every change later, not sooner (BENCHMARKS.md, "Fan-out: frames spaced by their write").
 */
const MAX_WRITE_SHARE = 0.5;

/** However long frames take to write, they are never spaced more than this many TICK_MS apart. */
const MAX_SPACING_TICKS = 2;

/** Bodies shorter than this go out as they are; longer ones deflated when that makes them smaller. */
const DEFLATE_MIN_BYTES = 128;

export interface TickerOptions {
  bus: Bus;
  tickMs: number;
  /**
   * While this says true (this instance's hub still has frames to write: a frame behind the one
   * going out), a tick waits and its changes join the next frame: frames grow instead of queueing
   * up when the fan-out cannot keep up with TICK_MS. A held tick looks again every HOLD_RETRY_MS.
   */
  hold?: () => boolean;
  /**
   * Milliseconds of the event loop a frame takes to write to this instance's sockets (the hub's
   * average). Frames are spaced at least this divided by MAX_WRITE_SHARE apart, never less than
   * TICK_MS nor more than MAX_SPACING_TICKS of it, so the fan-out leaves the paints the rest of
   * the thread.
   */
  writeMs?: () => number;
  /** frames that may leave back to back after a quiet spell (default 4) */
  burstFrames?: number;
  log?: { warn(obj: object, msg: string): void };
  metrics?: { batch(changes: number, bytes: number): void };
}

export interface Ticker {
  /**
   * Only the active ticker (the cluster's leader) publishes; the others drop what they collect.
   * On becoming active it skips one sequence number, so every client sees a gap and refetches
   * the snapshot: changes the previous leader collected but never published are not lost to them.
   */
  setActive(active: boolean): void;
  readonly active: boolean;
  /** Publishes what is pending now (used on shutdown), held or not. */
  flush(): Promise<void>;
  /** One tick now, as the timer would run it (it honours `hold`). */
  tick(): Promise<void>;
  close(): Promise<void>;
}

export function createTicker(opts: TickerOptions & { active?: boolean }): Ticker {
  const pending = new Map<number, number>();
  let running: Promise<void> | null = null;
  let active = opts.active ?? true;
  let skipSeq = false;
  let closed = false;
  // The frame budget as a virtual clock (GCRA): `due` moves one TICK_MS on with every frame, from
  // the frame's time or from where it stood, whichever is later. A frame may leave once `due` is
  // less than `burst` intervals ahead: a change on a quiet wall goes out at once, a busy wall
  // settles at one frame per TICK_MS (its changes waiting out the interval and leaving together).
  const burst = Math.max(1, opts.burstFrames ?? BURST_FRAMES);
  let due = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let immediate: ReturnType<typeof setImmediate> | null = null;
  const unsubscribe = opts.bus.subscribe({
    pixels(changes: readonly PixelChange[]) {
      if (!active) return;
      // Map order is insertion order: delete first so "last change wins, in the order it happened".
      for (const c of changes) {
        pending.delete(c.pixelId);
        pending.set(c.pixelId, c.color);
      }
      schedule();
    },
  });

  /** Arms the next run: at once while the budget has a frame, else when it has one again. */
  function schedule(delayMs?: number): void {
    if (closed || running || timer || immediate) return;
    const wait = delayMs ?? due - (burst - 1) * opts.tickMs - performance.now();
    if (wait <= 0) {
      // One macrotask later, so that every change of the same commit joins the frame.
      immediate = setImmediate(fire);
    } else {
      timer = setTimeout(fire, wait);
      timer.unref();
    }
  }

  function fire(): void {
    timer = null;
    immediate = null;
    void run();
  }

  /** 'held' when the hub is still busy with earlier frames. */
  async function tick(force: boolean): Promise<'done' | 'held'> {
    if (!active) {
      pending.clear();
      return 'done';
    }
    if (!force && opts.hold?.()) return 'held';
    if (skipSeq) {
      skipSeq = false;
      await opts.bus.nextSeq();
    }
    if (pending.size === 0) return 'done';
    const now = performance.now();
    const spacing = Math.min(
      MAX_SPACING_TICKS * opts.tickMs,
      Math.max(opts.tickMs, (opts.writeMs?.() ?? 0) / MAX_WRITE_SHARE),
    );
    due = Math.max(due, now) + spacing;
    const body = encodePendingBody();
    const changes = pending.size;
    pending.clear();
    let payload: Uint8Array = body;
    let deflated = false;
    if (body.length >= DEFLATE_MIN_BYTES) {
      const z = deflateRawSync(body);
      if (z.length < body.length) {
        payload = z;
        deflated = true;
      }
    }
    const seq = await opts.bus.nextSeq();
    const frame = encodePixelsFrame(seq, payload, deflated);
    await opts.bus.publishFrame(frame);
    opts.metrics?.batch(changes, frame.length);
    return 'done';
  }

  function encodePendingBody(): Buffer {
    const body = Buffer.allocUnsafe(pending.size * BYTES_PER_CHANGE);
    let i = 0;
    for (const [pixelId, color] of pending) writePixelChange(body, i++, pixelId, color);
    return body;
  }

  function run(force = false): Promise<void> {
    // Runs never overlap: a slow one (the bus is busy) delays the next.
    running ??= tick(force)
      .catch((err: unknown): 'failed' => {
        opts.log?.warn({ err }, 'pixel tick failed');
        return 'failed';
      })
      .then((outcome) => {
        running = null;
        // Failed: try again after one interval, as a busy wall would; held: as soon as the hub
        // frees up. Changes that arrived while this run was out are sent when their interval is due.
        if (outcome === 'failed') schedule(opts.tickMs);
        else if (outcome === 'held') schedule(Math.min(HOLD_RETRY_MS, opts.tickMs));
        else if (pending.size > 0 || skipSeq) schedule();
      });
    return running;
  }

  return {
    setActive(next) {
      if (next && !active) {
        skipSeq = true;
        active = next;
        schedule();
        return;
      }
      if (!next) pending.clear();
      active = next;
    },
    get active() {
      return active;
    },
    async flush() {
      await running;
      await run(true);
    },
    async tick() {
      await running;
      await run();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (immediate) clearImmediate(immediate);
      timer = null;
      immediate = null;
      await this.flush();
      unsubscribe();
    },
  };
}
