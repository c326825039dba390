import { describe, expect, it } from 'vitest';
import {
  breakPeriod,
  lastEndedRound,
  periodAt,
  periodsAround,
  roundPeriod,
  type TournamentSchedule,
  uploadRound,
} from './schedule.ts';
import { matchTemplate } from './scorer.ts';

const H = 3_600_000;
const S: TournamentSchedule = { startMs: 1000 * H, roundMs: 6 * H, breakMs: 2 * H, rounds: 3 };
const at = (hours: number) => S.startMs + hours * H;

describe('tournament schedule', () => {
  it.each([
    // [hours from start, active period, upload round, last ended round]
    [-1, null, 1, null],
    [0, { kind: 'round', roundId: 1 }, 1, null],
    [5.9, { kind: 'round', roundId: 1 }, 1, null],
    [6, { kind: 'break', roundId: 1 }, 2, 1],
    [7.9, { kind: 'break', roundId: 1 }, 2, 1],
    [8, { kind: 'round', roundId: 2 }, 2, 1],
    [16, { kind: 'round', roundId: 3 }, 3, 2],
    [22, { kind: 'break', roundId: 3 }, null, 3],
    [24, null, null, 3],
    [1000, null, null, 3],
  ] as const)('at %s h: active %o, uploads enter %s, last ended %s', (h, active, upload, ended) => {
    const p = periodAt(S, at(h));
    expect(p === null ? null : { kind: p.kind, roundId: p.roundId }).toEqual(active);
    expect(uploadRound(S, at(h))).toBe(upload);
    expect(lastEndedRound(S, at(h))).toBe(ended);
  });

  it('computes each period’s bounds, and lists the periods around now', () => {
    expect(roundPeriod(S, 2)).toEqual({ kind: 'round', roundId: 2, startsAt: at(8), endsAt: at(14) });
    expect(breakPeriod(S, 2)).toEqual({ kind: 'break', roundId: 2, startsAt: at(14), endsAt: at(16) });
    expect(periodsAround(S, at(9)).map((p) => `${p.kind}${p.roundId}`)).toEqual([
      'round1',
      'break1',
      'round2',
      'break2',
      'round3',
      'break3',
    ]);
    expect(periodsAround(S, at(-5)).map((p) => `${p.kind}${p.roundId}`)).toEqual([
      'round1',
      'break1',
      'round2',
      'break2',
      'round3',
      'break3',
    ]);
  });

  it('runs endless rounds back to back when there are no breaks', () => {
    const endless = { ...S, breakMs: 0, rounds: 0 };
    expect(periodAt(endless, at(6))).toMatchObject({ kind: 'round', roundId: 2 });
    expect(periodAt(endless, at(6000))).toMatchObject({ kind: 'round', roundId: 1001 });
    expect(uploadRound(endless, at(6000))).toBe(1001);
    expect(lastEndedRound(endless, at(6000))).toBe(1000);
    expect(periodsAround(endless, at(6)).map((p) => p.kind)).toEqual(['round', 'round', 'round', 'round']);
  });
});

describe('matching a template against the Wall', () => {
  it('counts opaque template pixels, and those the canvas shows in the same colour', () => {
    const canvas = new Uint8Array(1024 * 1024);
    // A 3×2 template at (1022, 5): colours 4 and 9, one transparent pixel.
    const t = { x: 1021, y: 5, width: 3, height: 2, pixels: new Uint8Array([4, 9, 255, 0, 4, 4]) };
    expect(matchTemplate(canvas, t)).toEqual({ matched: 1, total: 5 });
    canvas[5 * 1024 + 1021] = 4;
    canvas[5 * 1024 + 1022] = 10;
    canvas[6 * 1024 + 1023] = 4;
    canvas[6 * 1024 + 1022] = 4;
    expect(matchTemplate(canvas, t)).toEqual({ matched: 4, total: 5 });
  });
});
