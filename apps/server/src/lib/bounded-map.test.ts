import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map.ts';

describe('bounded map', () => {
  it('holds at most max entries', () => {
    const map = new BoundedMap<number, number>(3);
    for (let i = 0; i < 10; i++) {
      map.set(i, i);
      expect(map.size).toBeLessThanOrEqual(3);
    }
    expect(map.max).toBe(3);
  });

  it('empties itself when a new key comes while it is full', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    expect(map.size).toBe(2);
    map.set('c', 3);
    expect([...map]).toEqual([['c', 3]]);
    expect(map.has('a')).toBe(false);
    expect(map.get('b')).toBeUndefined();
  });

  it('updates a key it holds without emptying itself', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    map.set('a', 10);
    expect([...map]).toEqual([
      ['a', 10],
      ['b', 2],
    ]);
  });

  it('reads, checks and deletes as a Map; a delete makes room again', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    expect(map.get('a')).toBe(1);
    expect(map.has('b')).toBe(true);
    expect(map.has('c')).toBe(false);
    expect(map.delete('a')).toBe(true);
    expect(map.delete('a')).toBe(false);
    map.set('c', 3);
    expect([...map.keys()]).toEqual(['b', 'c']);
    expect(map).toBeInstanceOf(Map);
    map.clear();
    expect(map.size).toBe(0);
  });

  it('refuses a max that is not a positive integer', () => {
    expect(() => new BoundedMap(0)).toThrow(RangeError);
    expect(() => new BoundedMap(1.5)).toThrow(RangeError);
    expect(() => new BoundedMap(Number.NaN)).toThrow(RangeError);
  });
});
