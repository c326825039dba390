import { describe, expect, it } from 'vitest';
import { parseTonAddress, shortAddress } from './address.ts';

const RAW_AB = `0:${'ab'.repeat(32)}`;

describe('TON addresses', () => {
  it('reads user-friendly flags, workchain and hash', () => {
    const a = parseTonAddress('0QDNzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3NzdTJ')!;
    expect(a).toMatchObject({ workchain: 0, testOnly: true, bounceable: false });
    expect([...a.hash]).toEqual(new Array(32).fill(0xcd));
    expect(parseTonAddress(RAW_AB)?.hash[0]).toBe(0xab);
  });

  it('rejects a wrong checksum and garbage', () => {
    expect(parseTonAddress('0QDNzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3NzdTK')).toBeNull();
    expect(parseTonAddress('hello')).toBeNull();
  });
});

describe('shortAddress', () => {
  it('keeps the first and last four characters of a long address', () => {
    expect(shortAddress('UQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq5mz')).toBe('UQCr…q5mz');
    expect(shortAddress('EQshort')).toBe('EQshort');
  });
});
