import { describe, expect, it } from 'vitest';
import { createProgress, formatBytes, formatDuration } from './progress.ts';

function sink(isTTY: boolean) {
  const written: string[] = [];
  return { out: { isTTY, write: (s: string) => written.push(s) }, written };
}

describe('progress line', () => {
  it('formats sizes and durations', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MiB');
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(61_400)).toBe('1:01');
    expect(formatDuration(3_725_000)).toBe('1:02:05');
  });

  it('on a terminal, rewrites one line in place with tables, rows, bytes and the time left', () => {
    let t = 0;
    const { out, written } = sink(true);
    const p = createProgress({ label: 'backup', bytesVerb: 'written', out, now: () => t, drawEveryMs: 200 });
    p.start({ tables: 40, rows: 1000 });
    t = 10_000;
    p.update({ tablesDone: 3, rows: 250, bytes: 2 * 1024 * 1024 });
    // within the redraw interval: nothing drawn
    t = 10_100;
    p.update({ tablesDone: 3, rows: 260, bytes: 2 * 1024 * 1024 });
    t = 20_000;
    p.done({ tablesDone: 40, rows: 1000, bytes: 3 * 1024 * 1024 });
    expect(written).toEqual([
      '\rbackup: 3/40 tables, 250/1,000 rows, 2.0 MiB written, 0:30 left\x1b[K',
      '\rbackup: 40/40 tables, 1,000/1,000 rows, 3.0 MiB written, took 0:20\x1b[K',
      '\n',
    ]);
  });

  it('in a log, writes whole lines now and then, and says when the total is unknown', () => {
    let t = 0;
    const { out, written } = sink(false);
    const p = createProgress({ label: 'restore', bytesVerb: 'read', out, now: () => t, logEveryMs: 10_000 });
    p.start({ tables: 2, rows: null });
    for (const [at, rows] of [
      [1_000, 10],
      [5_000, 20],
      [11_500, 30],
    ] as const) {
      t = at;
      p.update({ tablesDone: 1, rows, bytes: 100 });
    }
    t = 12_000;
    p.done({ tablesDone: 2, rows: 40, bytes: 200 });
    expect(written).toEqual([
      'restore: 1/2 tables, 10 rows, 100 B read, time left unknown\n',
      'restore: 1/2 tables, 30 rows, 100 B read, time left unknown\n',
      'restore: 2/2 tables, 40 rows, 200 B read, took 0:12\n',
    ]);
  });
});
