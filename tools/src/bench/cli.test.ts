import { describe, expect, it } from 'vitest';
import { flag } from './cli.ts';

describe('flag', () => {
  it('reads --name value and --name=value, and nothing for a flag not given', () => {
    const argv = ['--seconds', '5', '--only=ws,http', '--out'];
    expect(flag('seconds', argv)).toBe('5');
    expect(flag('only', argv)).toBe('ws,http');
    expect(flag('out', argv)).toBeUndefined();
    expect(flag('rounds', argv)).toBeUndefined();
    expect(flag('second', argv)).toBeUndefined();
  });
});
