import { describe, expect, it } from 'vitest';
import { buildPixelParam, buildReferralParam, type LaunchParams, parseLaunchParam } from './launch-params.ts';

const NONE: LaunchParams = { referrerId: null, squadId: null, x: null, y: null, template: false };
const p = (over: Partial<LaunchParams>): LaunchParams => ({ ...NONE, ...over });

describe('parseLaunchParam', () => {
  it.each<[string | null | undefined, LaunchParams]>([
    // nothing there
    [null, NONE],
    [undefined, NONE],
    ['', NONE],
    ['   ', NONE],
    // single pieces
    ['f123', p({ referrerId: 123 })],
    ['s45', p({ squadId: 45 })],
    ['t1', p({ template: true })],
    ['t0', p({ template: true })],
    ['t99', p({ template: true })],
    // full combinations, any order
    ['f123_s45', p({ referrerId: 123, squadId: 45 })],
    ['x10_y20', p({ x: 10, y: 20 })],
    ['y20_x10', p({ x: 10, y: 20 })],
    ['f123_s45_x10_y20', p({ referrerId: 123, squadId: 45, x: 10, y: 20 })],
    ['s45_y20_f123_x10', p({ referrerId: 123, squadId: 45, x: 10, y: 20 })],
    // canvas corners
    ['x0_y0', p({ x: 0, y: 0 })],
    ['x1023_y1023', p({ x: 1023, y: 1023 })],
    ['x0_y1023', p({ x: 0, y: 1023 })],
    // coordinates need both, in range; the rest survives
    ['x10', NONE],
    ['y20', NONE],
    ['f5_x10', p({ referrerId: 5 })],
    ['x1024_y0', NONE],
    ['x0_y1024', NONE],
    ['f7_x2000_y5', p({ referrerId: 7 })],
    // t drops the coordinates
    ['x10_y20_t1', p({ template: true })],
    ['f1_s2_x3_y4_t1', p({ referrerId: 1, squadId: 2, template: true })],
    ['f123_s45_x10_y20_t1', p({ referrerId: 123, squadId: 45, template: true })],
    // leading zeros are plain decimals
    ['x007_y0010', p({ x: 7, y: 10 })],
    ['f0042', p({ referrerId: 42 })],
    // surrounding whitespace is ignored
    ['  f123_s45\n', p({ referrerId: 123, squadId: 45 })],
    // largest safe id
    [`f${Number.MAX_SAFE_INTEGER}`, p({ referrerId: Number.MAX_SAFE_INTEGER })],
  ])('%j', (raw, expected) => {
    expect(parseLaunchParam(raw)).toEqual(expected);
  });

  it.each([
    ['f', 'letter without a number'],
    ['t', 'bare t'],
    ['123', 'number without a letter'],
    ['_', 'only a separator'],
    ['f123_', 'trailing underscore'],
    ['_f123', 'leading underscore'],
    ['f123__s45', 'double underscore'],
    ['q5', 'unknown letter'],
    ['f123_q5_x1_y1', 'unknown letter among good pieces'],
    ['F123', 'upper-case letter'],
    ['X10_Y20', 'upper-case coordinates'],
    ['fabc', 'non-numeric'],
    ['f12a', 'trailing garbage'],
    ['x-1_y5', 'negative'],
    ['f+5', 'explicit sign'],
    ['x1.5_y2', 'non-integer'],
    ['x1e3_y2', 'exponent'],
    ['f0', 'referrer id 0'],
    ['s0', 'squad id 0'],
    ['f1_f2', 'duplicate letter'],
    ['x1_y2_x3', 'duplicate coordinate'],
    ['t1_t1', 'duplicate t'],
    [`f${Number.MAX_SAFE_INTEGER + 1}`, 'beyond a safe integer'],
    ['f99999999999999999999', 'far beyond a safe integer'],
    ['f1 _s2', 'inner whitespace'],
    ['f1-s2', 'wrong separator'],
    ['ff1', 'two letters'],
    ['f１２３', 'non-ASCII digits'],
    [`f1_${'x1_'.repeat(200)}y1`, 'longer than 512 characters'],
    ['f123_s45_x10_y20_zz', 'malformed tail wipes everything'],
  ])('%j fails as a whole (%s)', (raw) => {
    expect(parseLaunchParam(raw)).toEqual(NONE);
  });

  it('returns a fresh object each time', () => {
    const a = parseLaunchParam('');
    a.referrerId = 9;
    expect(parseLaunchParam('')).toEqual(NONE);
  });
});

describe('buildReferralParam', () => {
  it.each<[number, number | null | undefined, string]>([
    [123, undefined, 'f123'],
    [123, null, 'f123'],
    [123, 45, 'f123_s45'],
    [1, 1, 'f1_s1'],
  ])('(%i, %j) → %s', (user, squad, expected) => {
    expect(buildReferralParam(user, squad)).toBe(expected);
  });

  it.each([[0], [-1], [1.5], [Number.NaN], [Number.MAX_SAFE_INTEGER + 1]])('rejects user id %j', (id) => {
    expect(() => buildReferralParam(id)).toThrow(RangeError);
  });

  it('rejects a bad squad id', () => {
    expect(() => buildReferralParam(1, 0)).toThrow(RangeError);
  });

  it('round-trips through the parser', () => {
    expect(parseLaunchParam(buildReferralParam(987654321, 42))).toEqual(
      p({ referrerId: 987654321, squadId: 42 }),
    );
  });
});

describe('buildPixelParam', () => {
  it.each([
    [0, 0, 'x0_y0'],
    [10, 20, 'x10_y20'],
    [1023, 1023, 'x1023_y1023'],
  ])('(%i, %i) → %s and back', (x, y, expected) => {
    expect(buildPixelParam(x, y)).toBe(expected);
    expect(parseLaunchParam(expected)).toEqual(p({ x, y }));
  });

  it.each([
    [-1, 0],
    [0, 1024],
    [1.5, 2],
  ])('rejects (%j, %j)', (x, y) => {
    expect(() => buildPixelParam(x, y)).toThrow(RangeError);
  });
});
