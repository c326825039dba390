/**
 * The scoring job (on the cluster leader only: app.ts starts and stops it from the leader
 * election). While a round runs it scores the round's entries every `intervalMs`: for each entry,
 * how many of its non-transparent pixels the Wall now shows in the entry's colour. Right after a
 * round ends it scores it once more and marks those scores final; a final round is never scored
 * again. Entries are read a batch at a time and scores written with one multi-row upsert per
 * batch, so memory holds the canvas (1 MiB) and one batch.
 */
import { CANVAS_WIDTH, TEMPLATE_TRANSPARENT } from '@pixel-wall/shared';
import type { Database } from '../../db/client.ts';
import type { TemplatesService } from '../templates/service.ts';
import { lastEndedRound, periodAt, roundPeriod, type TournamentSchedule } from './schedule.ts';
import * as store from './store.ts';

export interface ScorerLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ScorerDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  templates: Pick<TemplatesService, 'roundPixels'>;
  /** a copy of the canvas, palette indices */
  canvas(): Promise<Uint8Array>;
  schedule: TournamentSchedule;
  intervalMs: number;
  /** who scored, recorded with the round (which instance led) */
  instanceId: string;
  log: ScorerLog;
  now?: () => number;
}

export interface RoundScore {
  roundId: number;
  templates: number;
  final: boolean;
}

/** Template pixels the canvas shows in the template's colour, and the template's opaque pixels. */
export function matchTemplate(
  canvas: Uint8Array,
  t: { x: number; y: number; width: number; height: number; pixels: Uint8Array },
): { matched: number; total: number } {
  let matched = 0;
  let total = 0;
  for (let j = 0; j < t.height; j++) {
    const row = j * t.width;
    const at = (t.y + j) * CANVAS_WIDTH + t.x;
    for (let i = 0; i < t.width; i++) {
      const want = t.pixels[row + i]!;
      if (want === TEMPLATE_TRANSPARENT) continue;
      total++;
      if (canvas[at + i] === want) matched++;
    }
  }
  return { matched, total };
}

export function createTournamentScorer(deps: ScorerDeps) {
  const now = deps.now ?? Date.now;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<RoundScore[]> | null = null;
  let stopped = true;
  let runs = 0;

  async function isFinal(roundId: number): Promise<boolean> {
    return store.roundIsFinal(deps.db, roundId);
  }

  async function scoreRound(roundId: number, final: boolean): Promise<RoundScore> {
    const canvas = await deps.canvas();
    let count = 0;
    let batch: { id: number; owner: number; matched: number; total: number }[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await store.saveScores(deps.db, roundId, batch);
      batch = [];
    };
    for await (const t of deps.templates.roundPixels(roundId)) {
      const { matched, total } = matchTemplate(canvas, t);
      batch.push({ id: t.id, owner: t.ownerId, matched, total });
      count++;
      if (batch.length >= 256) await flush();
    }
    await flush();
    await store.saveRound(deps.db, {
      roundId,
      scoredAt: now(),
      scoredBy: deps.instanceId,
      final,
      templates: count,
    });
    return { roundId, templates: count, final };
  }

  async function runOnceInner(): Promise<RoundScore[]> {
    runs++;
    const out: RoundScore[] = [];
    const t = now();
    // A round that ended since the last pass: its final scores first.
    const ended = lastEndedRound(deps.schedule, t);
    if (ended !== null && !(await isFinal(ended))) out.push(await scoreRound(ended, true));
    const active = periodAt(deps.schedule, t);
    if (active?.kind === 'round') out.push(await scoreRound(active.roundId, false));
    return out;
  }

  /** One pass; overlapping calls in this process share the pass under way. */
  function runOnce(): Promise<RoundScore[]> {
    running ??= runOnceInner().finally(() => {
      running = null;
    });
    return running;
  }

  /** Until the next pass: the interval, or just past the end of the round under way. */
  function delay(): number {
    const t = now();
    const active = periodAt(deps.schedule, t);
    const end = active?.kind === 'round' ? roundPeriod(deps.schedule, active.roundId).endsAt : null;
    const untilEnd = end === null ? Number.POSITIVE_INFINITY : end - t + 50;
    return Math.max(50, Math.min(deps.intervalMs, untilEnd));
  }

  function schedule(wait: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      void runOnce()
        .then((scored) => {
          for (const s of scored) if (s.final) deps.log.info(s, 'tournament round scored for the last time');
        })
        .catch((err: unknown) => deps.log.error({ err }, 'scoring the tournament failed'))
        .finally(() => schedule(delay()));
    }, wait);
    timer.unref?.();
  }

  return {
    runOnce,
    /** passes started in this process (tests) */
    get runs() {
      return runs;
    },
    get running() {
      return !stopped;
    },
    /** Starts scoring at once, then on schedule (call on the leader only). */
    start(): void {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    /** Stops the timer and waits for a pass under way. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}

export type TournamentScorer = ReturnType<typeof createTournamentScorer>;
