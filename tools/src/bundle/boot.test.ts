import { describe, expect, it } from 'vitest';
import { type CpuProfile, decodeMappings, decodeVlq, profileTime, sourceAt } from './boot.ts';

describe('boot measure', () => {
  it('decodes base64 VLQ segments, signs included', () => {
    expect(decodeVlq('AAAA')).toEqual([0, 0, 0, 0]);
    expect(decodeVlq('CACA')).toEqual([1, 0, 1, 0]);
    expect(decodeVlq('D')).toEqual([-1]);
    expect(decodeVlq('gB')).toEqual([16]);
    expect(() => decodeVlq('!')).toThrow(/VLQ/);
  });

  it('maps a generated position to the source of the segment at or before it', () => {
    // Line 0: column 0 from source 0, column 10 from source 1; line 1: column 4, still source 1.
    const lines = decodeMappings('AAAA,UCAA;IAAA');
    const sources = ['app.ts', 'node_modules/zod/v4/core.js'];
    expect(sourceAt(lines, sources, 0, 3)).toBe('app.ts');
    expect(sourceAt(lines, sources, 0, 10)).toBe('node_modules/zod/v4/core.js');
    expect(sourceAt(lines, sources, 1, 2)).toBeNull();
    expect(sourceAt(lines, sources, 1, 9)).toBe('node_modules/zod/v4/core.js');
    expect(sourceAt(lines, sources, 7, 0)).toBeNull();
  });

  it('sums the samples under a matching frame, up to the first one in the end mark', () => {
    const frame = (functionName: string, url = 'http://x/a.js', lineNumber = 0) => ({
      functionName,
      url,
      lineNumber,
      columnNumber: 0,
    });
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)', ''), children: [2, 4, 5] },
        { id: 2, callFrame: frame('boot'), children: [3] },
        { id: 3, callFrame: frame('object', 'http://x/a.js', 9) },
        { id: 4, callFrame: frame('(idle)', '') },
        { id: 5, callFrame: frame('firstScreenMark') },
      ],
      // Each sample lasts until the next one: 1 ms in boot, 2 ms in zod, 3 ms idle, then the mark.
      samples: [2, 3, 4, 5, 3],
      timeDeltas: [0, 1000, 2000, 3000, 500],
    };
    const inZod = (_url: string, line: number) => line === 9;
    expect(profileTime(profile, inZod, 'firstScreenMark')).toEqual({ matchedMs: 2, scriptMs: 3 });
    expect(profileTime(profile, inZod)).toEqual({ matchedMs: 2, scriptMs: 3.5 });
  });
});
