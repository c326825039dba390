/**
 * The progress line of `npm run backup` and `npm run restore` on stderr: tables done of all, rows
 * done (of all when known), bytes written or read, and the time left. On a terminal one line is
 * rewritten in place (`\r`); in a log (cron, `docker compose exec -T`) a plain line every
 * `logEveryMs`, and always one at the end.
 */

export interface ProgressOut {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface ProgressState {
  tablesDone: number;
  rows: number;
  bytes: number;
}

export interface ProgressOptions {
  /** `backup` or `restore`: the line's first word */
  label: string;
  /** `written` for a backup, `read` for a restore */
  bytesVerb: 'written' | 'read';
  out: ProgressOut;
  now?: () => number;
  /** a terminal's line is redrawn at most this often */
  drawEveryMs?: number;
  /** a log gets a line this often */
  logEveryMs?: number;
}

export interface Progress {
  /** the totals, once known: tables, and rows when counted (null: unknown) */
  start(totals: { tables: number; rows: number | null }): void;
  update(state: ProgressState): void;
  /** the last line, with the time taken; ends the terminal's line */
  done(state: ProgressState): void;
}

const MiB = 1024 * 1024;

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < MiB) return `${(n / 1024).toFixed(1)} KiB`;
  if (n < 1024 * MiB) return `${(n / MiB).toFixed(1)} MiB`;
  return `${(n / 1024 / MiB).toFixed(2)} GiB`;
}

export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

const count = (n: number) => n.toLocaleString('en-US');

export function createProgress(opts: ProgressOptions): Progress {
  const now = opts.now ?? (() => performance.now());
  const tty = opts.out.isTTY === true;
  const every = tty ? (opts.drawEveryMs ?? 200) : (opts.logEveryMs ?? 10_000);
  let started = now();
  let last = Number.NEGATIVE_INFINITY;
  let totals: { tables: number; rows: number | null } = { tables: 0, rows: null };

  const line = (s: ProgressState, t: number, finished: boolean): string => {
    const rows =
      totals.rows === null ? `${count(s.rows)} rows` : `${count(s.rows)}/${count(totals.rows)} rows`;
    const elapsed = t - started;
    let time: string;
    if (finished) time = `took ${formatDuration(elapsed)}`;
    else if (totals.rows !== null && s.rows > 0)
      time = `${formatDuration((elapsed * Math.max(0, totals.rows - s.rows)) / s.rows)} left`;
    else time = 'time left unknown';
    return `${opts.label}: ${s.tablesDone}/${totals.tables} tables, ${rows}, ${formatBytes(s.bytes)} ${opts.bytesVerb}, ${time}`;
  };

  const emit = (text: string) => opts.out.write(tty ? `\r${text}\x1b[K` : `${text}\n`);

  return {
    start(t) {
      totals = t;
      started = now();
    },
    update(s) {
      const t = now();
      if (t - last < every) return;
      last = t;
      emit(line(s, t, false));
    },
    done(s) {
      emit(line(s, now(), true));
      if (tty) opts.out.write('\n');
    },
  };
}
