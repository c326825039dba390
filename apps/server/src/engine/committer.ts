/**
 * Group commit: paints accepted by the engine wait here a few milliseconds (the window), then one
 * writer turns the whole group into a handful of multi-row statements in one transaction (each
 * pixel written once, counters summed per player, squad and period). A paint is acknowledged only
 * after COMMIT. On a quiet wall (no group written for `quietMs`) a paint does not wait the window:
 * it is written at once, with whatever came in the same event-loop turn.
 *
 * A failed flush is retried with backoff and never dropped: the engine already holds the paint,
 * and SQL must catch up with it. Until it does, nothing is acknowledged.
 *
 * A committed group of thousands is released `releaseChunk` waiters per macrotask: each waiter
 * resumes its paint's handler (reply, reward) in the microtasks that follow, so releasing
 * them all at once held the event loop for 100+ ms. The writer goes on with the next group meanwhile.
 *
 * The commit stream: every committed group's pixel changes go, once, in commit order, to the
 * listeners of `onCommitted` (realtime turns them into PIXELS frames), before its waiters are
 * released. Nothing else publishes pixel changes; a group that has not committed is never on it.
 */
import type { LogKind, PixelChange } from '@pixel-wall/shared';
import { runStatements, type Sql, type Statement } from '../db/client.ts';
import { periodKeysByDay } from '../lib/periods.ts';

export interface PaintRecord {
  pixelId: number;
  color: number;
  userId: number;
  squadId: number | null;
  /** epoch ms */
  at: number;
  /**
   * The player's charges after this paint; null when the write spent none (a blast costs an
   * item, not a charge), so the batch keeps the latest state a real paint reported.
   */
  charges: number | null;
  chargesUpdatedAt: number | null;
  /**
   * What changed the pixel, for the paint log (default 'paint'). Only paints and blasts count as
   * repaints: a rollback or a staff edit changes the pixel and its owner, not anyone's counters.
   */
  kind?: CommittedKind;
}

/** The kinds of change that go through the group commit (snaps and the baseline do not). */
export type CommittedKind = Extract<LogKind, 'paint' | 'blast' | 'rollback' | 'staff'>;

/**
 * The paint log (modules/history): its statements join each group's transaction, so nothing is
 * acknowledged that is not in the log.
 */
export interface PaintLogWriter {
  statements(batch: readonly PaintRecord[]): Statement[];
}

/**
 * The bookkeeping of pixels changing hands, done in each group's transaction before the pixels
 * upsert, while the owners it replaces are still in place (the pixels module keeps "sold" pixels).
 */
export interface OverwriteLog {
  statement(batch: readonly PaintRecord[]): Statement;
}

/** Receives the pixel changes of each committed group (read-only: every listener gets the same array). */
export type CommitListener = (changes: readonly PixelChange[]) => void;

/** The committed pixel changes, in commit order. */
export interface CommitStream {
  /** Calls `listener` with every committed group's changes from now on; returns the unsubscribe. */
  onCommitted(listener: CommitListener): () => void;
}

export interface CommitterOptions {
  windowMs: number;
  /**
   * A paint that comes when no group has been written for this long finds the wall quiet: it is
   * written at once (with the paints of the same event-loop turn), not after the window. Default:
   * never (every group waits the window); the server gives five windows, a gap a busy wall's
   * groups (one after another, the next collecting while one is written) do not leave.
   */
  quietMs?: number;
  /** who each group paints over, recorded in its transaction; null: not recorded */
  overwrites: OverwriteLog | null;
  /** where every committed change is appended; null: not logged */
  paintLog?: PaintLogWriter | null;
  maxBatch?: number;
  /** waiters released per macrotask once their group committed (default 256) */
  releaseChunk?: number;
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /**
   * Where the database has it (`Database.writeTransaction`), a group's statements go through this
   * in one round trip instead of `transaction`.
   */
  writeTransaction?(statements: readonly Statement[]): Promise<void>;
  onCommitted?(batch: readonly PaintRecord[], ms: number): void;
  onError?(err: unknown, attempt: number): void;
  /** a commit listener threw (the commit itself stands); default: console.error */
  onListenerError?(err: unknown): void;
}

export interface Committer extends CommitStream {
  submit(record: PaintRecord): Promise<void>;
  submitMany(records: readonly PaintRecord[]): Promise<void>;
  /** Writes everything pending now and waits for it. */
  flush(): Promise<void>;
  /** Flushes, then refuses new work. */
  close(): Promise<void>;
  /**
   * Puts changes on the commit stream without writing them: pixels the engine already holds whose
   * paints are written elsewhere (SQL has them, or gets them through this committer). They go out
   * after every record submitted before this call and before any submitted after it, so a change
   * announced here never covers a newer paint on the stream, nor is it covered by an older one.
   * The Pixanos' Snap announces the pixels painted over it this way.
   */
  announce(changes: readonly PixelChange[]): void;
  readonly pending: number;
  readonly healthy: boolean;
}

interface Waiter {
  resolve(): void;
  reject(err: unknown): void;
}

interface Announcement {
  /** emitted once this many records (counted since start) are on the stream */
  after: number;
  changes: readonly PixelChange[];
}

export function createCommitter(opts: CommitterOptions): Committer {
  const maxBatch = opts.maxBatch ?? 5000;
  const listeners = new Set<CommitListener>();
  const onListenerError = opts.onListenerError ?? ((err) => console.error('commit listener failed', err));
  // Records submitted and records on the stream, since start; announcements wait between them.
  let submitted = 0;
  let streamed = 0;
  const announcements: Announcement[] = [];
  let queue: PaintRecord[] = [];
  let waiters: Waiter[] = [];
  let timer: NodeJS.Timeout | null = null;
  let immediate: NodeJS.Immediate | null = null;
  const quietMs = opts.quietMs ?? Number.POSITIVE_INFINITY;
  // When the last group finished writing: a paint that comes more than quietMs after it is written
  // at once; one that comes sooner waits the window with the paints behind it.
  let writtenAt = Number.NEGATIVE_INFINITY;
  let writing: Promise<void> | null = null;
  let closed = false;
  let healthy = true;
  const releaseChunk = Math.max(1, opts.releaseChunk ?? 256);
  // Committed waiters not yet resolved, oldest first; `releasing` while a release is scheduled.
  const released: Waiter[][] = [];
  let releasedAt = 0;
  let releasing = false;
  const onReleased: (() => void)[] = [];

  function release(batchWaiters: Waiter[]): void {
    if (batchWaiters.length === 0) return;
    released.push(batchWaiters);
    if (!releasing) {
      releasing = true;
      releaseSome();
    }
  }

  function releaseSome(): void {
    let n = 0;
    while (n < releaseChunk && released.length > 0) {
      const head = released[0]!;
      const take = Math.min(releaseChunk - n, head.length - releasedAt);
      for (let i = releasedAt; i < releasedAt + take; i++) head[i]!.resolve();
      n += take;
      releasedAt += take;
      if (releasedAt === head.length) {
        released.shift();
        releasedAt = 0;
      }
    }
    if (released.length > 0) setImmediate(releaseSome);
    else {
      releasing = false;
      for (const done of onReleased.splice(0)) done();
    }
  }

  function emit(changes: readonly PixelChange[]): void {
    for (const listener of listeners) {
      try {
        listener(changes);
      } catch (err) {
        onListenerError(err);
      }
    }
  }

  /** A committed group on the stream, with the announcements that fall inside or right after it. */
  function stream(batch: readonly PaintRecord[]): void {
    const base = streamed;
    streamed += batch.length;
    if (announcements.length === 0 || announcements[0]!.after > streamed) {
      emit(batch);
      return;
    }
    let from = 0;
    while (announcements.length > 0 && announcements[0]!.after <= streamed) {
      const a = announcements.shift()!;
      const cut = a.after - base;
      // Announcements are in submission order: each cut is at or after the previous one.
      if (cut > from) emit(batch.slice(from, cut));
      from = cut;
      emit(a.changes);
    }
    if (from < batch.length) emit(from === 0 ? batch : batch.slice(from));
  }

  function startDrain(): void {
    timer = null;
    immediate = null;
    if (!writing) writing = drain();
  }

  function schedule(): void {
    if (writing || timer || immediate) return;
    if (queue.length >= maxBatch || opts.windowMs === 0) {
      writing = drain();
      return;
    }
    // Quiet: one macrotask later, so that every paint of this event-loop turn shares the group.
    if (performance.now() - writtenAt >= quietMs) immediate = setImmediate(startDrain);
    else timer = setTimeout(startDrain, opts.windowMs);
  }

  async function drain(): Promise<void> {
    try {
      while (queue.length > 0) {
        const batch = queue.length > maxBatch ? queue.splice(0, maxBatch) : queue;
        const batchWaiters = batch === queue ? waiters : waiters.splice(0, batch.length);
        if (batch === queue) {
          queue = [];
          waiters = [];
        }
        const started = performance.now();
        for (let attempt = 1; ; attempt++) {
          try {
            const statements = batchStatements(batch, opts.overwrites, opts.paintLog ?? null);
            if (opts.writeTransaction) await opts.writeTransaction(statements);
            else await opts.transaction((tx) => runStatements(tx, statements));
            healthy = true;
            break;
          } catch (err) {
            healthy = false;
            opts.onError?.(err, attempt);
            await new Promise((r) => setTimeout(r, Math.min(1000, 20 * 2 ** Math.min(attempt, 6))));
          }
        }
        opts.onCommitted?.(batch, performance.now() - started);
        stream(batch);
        release(batchWaiters);
      }
    } finally {
      writing = null;
      writtenAt = performance.now();
      if (queue.length > 0) schedule();
    }
  }

  function enqueue(records: readonly PaintRecord[]): Promise<void> {
    if (closed) return Promise.reject(new Error('committer is closed'));
    return new Promise<void>((resolve, reject) => {
      // One waiter per record keeps batch splitting exact; the promise settles on the last one.
      let left = records.length;
      const done: Waiter = {
        resolve: () => {
          if (--left === 0) resolve();
        },
        reject,
      };
      for (const r of records) {
        queue.push(r);
        waiters.push(done);
      }
      submitted += records.length;
      if (records.length === 0) resolve();
      schedule();
    });
  }

  return {
    submit: (record) => enqueue([record]),
    submitMany: enqueue,
    async flush() {
      if (timer) clearTimeout(timer);
      if (immediate) clearImmediate(immediate);
      timer = null;
      immediate = null;
      while (writing || queue.length > 0) {
        if (!writing) writing = drain();
        await writing;
      }
      if (releasing) await new Promise<void>((r) => onReleased.push(r));
    },
    async close() {
      await this.flush();
      closed = true;
    },
    announce(changes) {
      if (changes.length === 0) return;
      if (streamed === submitted) emit(changes);
      else announcements.push({ after: submitted, changes });
    },
    onCommitted(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    get pending() {
      return queue.length;
    },
    get healthy() {
      return healthy;
    },
  };
}

/** One player's share of a batch: paints, the latest charge state, and the newest windows' counts. */
interface UserSums {
  n: number;
  charged: PaintRecord | null;
  /** day, week and month keys: the newest of each kind in the batch */
  periods: string[];
  /** the player's paints in each of those windows */
  counts: number[];
}

/**
 * The batch as prepared multi-row statements; exported for the benchmark and tests. `overwrites`
 * null: who the batch paints over is not recorded.
 */
export async function writeBatch(
  tx: Sql,
  batch: readonly PaintRecord[],
  overwrites: OverwriteLog | null = null,
  paintLog: PaintLogWriter | null = null,
): Promise<void> {
  await runStatements(tx, batchStatements(batch, overwrites, paintLog));
}

/** The statements that write `batch`, in the order they must run (none for an empty batch). */
export function batchStatements(
  batch: readonly PaintRecord[],
  overwrites: OverwriteLog | null,
  paintLog: PaintLogWriter | null = null,
): Statement[] {
  if (batch.length === 0) return [];
  // Last write per pixel wins; earlier ones in the same batch are never written.
  const lastByPixel = new Map<number, PaintRecord>();
  const byUser = new Map<number, UserSums>();
  const bySquad = new Map<number, number>();
  const byDay = new Map<string, number>();
  const keysAt = periodKeysByDay();
  let counted = 0;
  for (const r of batch) {
    lastByPixel.set(r.pixelId, r);
    if (r.kind === 'rollback' || r.kind === 'staff') continue;
    counted++;
    const keys = keysAt(r.at);
    const charged = r.charges !== null && r.chargesUpdatedAt !== null ? r : null;
    const u = byUser.get(r.userId);
    if (u) {
      u.n++;
      if (charged) u.charged = charged;
      for (let k = 0; k < 3; k++) {
        // A later window starts the count again; a paint of an earlier one (a batch across
        // midnight out of order) counts in no current window.
        if (keys[k]! > u.periods[k]!) {
          u.periods[k] = keys[k]!;
          u.counts[k] = 1;
        } else if (keys[k] === u.periods[k]) u.counts[k]!++;
      }
    } else byUser.set(r.userId, { n: 1, charged, periods: [...keys], counts: [1, 1, 1] });
    if (r.squadId !== null) bySquad.set(r.squadId, (bySquad.get(r.squadId) ?? 0) + 1);
    const day = `repaints:${keys[0]}`;
    byDay.set(day, (byDay.get(day) ?? 0) + 1);
  }

  // The statements go to the database together (one round trip where the driver allows), in order.
  // Whose pixels this batch paints over ("sold" pixels), before the pixels change owner.
  const statements: Statement[] = overwrites ? [overwrites.statement(batch)] : [];
  // Every change, in commit order, into the paint log.
  if (paintLog) statements.push(...paintLog.statements(batch));
  // A group that commits after a newer one (two instances in cluster mode) never puts an older
  // paint back over a newer one: SQL keeps the latest paint per pixel, as Redis does.
  // Rows in key order: two instances committing at once then lock shared rows (pixels, players,
  // counters) in the same order and wait for each other instead of deadlocking.
  const px = [...lastByPixel.values()].sort((a, b) => a.pixelId - b.pixelId);
  statements.push({
    text: `INSERT INTO pixels (id, color, user_id, painted_at)
     SELECT t.id, t.color, t.uid, to_timestamp(t.ms / 1000.0)
     FROM unnest($1::int[], $2::smallint[], $3::bigint[], $4::float8[]) AS t(id, color, uid, ms)
     ON CONFLICT (id) DO UPDATE SET color = EXCLUDED.color, user_id = EXCLUDED.user_id, painted_at = EXCLUDED.painted_at
     WHERE pixels.painted_at <= EXCLUDED.painted_at`,
    params: [px.map((r) => r.pixelId), px.map((r) => r.color), px.map((r) => r.userId), px.map((r) => r.at)],
  });

  // Rollbacks and staff edits alone: no player's counters change.
  if (counted === 0) return statements;

  // The player's row carries the repaints of the current day, week and month (migration 0018):
  // a window newer than the row's starts its count; one older than the row's (a group committed
  // after a newer one, across midnight) leaves the row's as it is. Keys of one kind sort in date
  // order, and GREATEST skips the NULL of a player who never painted.
  // `u.id = ANY(...)` beside the join gives the planner the primary key to find the batch's
  // players by; with the join alone it hashed the whole users table for every group (100,000
  // players: 91 ms a group against 7). The squads' update below does the same.
  const us = [...byUser.entries()].sort((a, b) => a[0] - b[0]);
  const windowSql = (kind: string, key: string, n: string) =>
    `${kind}_repaints = CASE WHEN u.${kind}_period = t.${key} THEN u.${kind}_repaints + t.${n}
       WHEN u.${kind}_period > t.${key} THEN u.${kind}_repaints ELSE t.${n} END,
     ${kind}_period = GREATEST(u.${kind}_period, t.${key})`;
  statements.push({
    text: `UPDATE users AS u
     SET repaints = u.repaints + t.n, charges = COALESCE(t.c, u.charges),
         charges_updated_at = COALESCE(t.cts, u.charges_updated_at),
     ${windowSql('day', 'd', 'dn')}, ${windowSql('week', 'w', 'wn')}, ${windowSql('month', 'm', 'mn')}
     FROM unnest($1::bigint[], $2::int[], $3::int[], $4::bigint[], $5::text[], $6::int[], $7::text[],
                 $8::int[], $9::text[], $10::int[]) AS t(id, n, c, cts, d, dn, w, wn, m, mn)
     WHERE u.id = t.id AND u.id = ANY($1::bigint[])`,
    params: [
      us.map(([id]) => id),
      us.map(([, v]) => v.n),
      us.map(([, v]) => v.charged?.charges ?? null),
      us.map(([, v]) => v.charged?.chargesUpdatedAt ?? null),
      ...[0, 1, 2].flatMap((k) => [us.map(([, v]) => v.periods[k]!), us.map(([, v]) => v.counts[k]!)]),
    ],
  });

  if (bySquad.size > 0) {
    const sq = [...bySquad.entries()].sort((a, b) => a[0] - b[0]);
    statements.push({
      text: `UPDATE squads AS s SET scored_repaints = s.scored_repaints + t.n, total_repaints = s.total_repaints + t.n
       FROM unnest($1::int[], $2::bigint[]) AS t(id, n) WHERE s.id = t.id AND s.id = ANY($1::int[])`,
      params: [sq.map(([id]) => id), sq.map(([, n]) => n)],
    });
  }

  const days = [...byDay].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const names = ['repaints', ...days.map(([name]) => name)];
  const values = [counted, ...days.map(([, n]) => n)];
  statements.push({
    text: `INSERT INTO counters (name, value) SELECT * FROM unnest($1::text[], $2::bigint[])
     ON CONFLICT (name) DO UPDATE SET value = counters.value + EXCLUDED.value`,
    params: [names, values],
  });
  return statements;
}
