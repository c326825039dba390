import { randomBytes } from 'node:crypto';
import { CURRENCIES } from '@pixel-wall/shared';
import { Address } from '@ton/core';
import { describe, expect, it } from 'vitest';
import { crc16, normalizeTonAddress, parseTonAddress, sameTonAddress, toFriendlyAddress } from './address.ts';

// The TON Foundation wallet of the TON docs (vectors/stateinit-v3r2-tondocs.json).
const RAW = '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8';
const BOUNCEABLE = 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N';

describe('TON addresses', () => {
  it('CRC16-XMODEM of the check string is 0x31C3', () => {
    expect(crc16(Buffer.from('123456789'))).toBe(0x31c3);
  });

  it('reads the raw and the friendly form of the same account', () => {
    expect(normalizeTonAddress(BOUNCEABLE)).toBe(RAW);
    expect(normalizeTonAddress(RAW.toUpperCase().replace('0X', '0x'))).toBe(RAW);
    expect(parseTonAddress(BOUNCEABLE)).toMatchObject({ workchain: 0, bounceable: true, testOnly: false });
    expect(toFriendlyAddress(RAW, { bounceable: true })).toBe(BOUNCEABLE);
    expect(sameTonAddress(BOUNCEABLE, RAW)).toBe(true);
  });

  it('round-trips raw ↔ friendly with every flag, url-safe or not, and agrees with @ton/core', () => {
    for (let i = 0; i < 200; i++) {
      const workchain = i % 5 === 0 ? -1 : 0;
      const raw = `${workchain}:${randomBytes(32).toString('hex')}`;
      const ours = { workchain, hash: Buffer.from(raw.split(':')[1]!, 'hex') };
      for (const bounceable of [true, false]) {
        for (const testOnly of [true, false]) {
          for (const urlSafe of [true, false]) {
            const friendly = toFriendlyAddress(raw, { bounceable, testOnly, urlSafe });
            expect(friendly).toBe(
              new Address(ours.workchain, ours.hash).toString({ bounceable, testOnly, urlSafe }),
            );
            expect(parseTonAddress(friendly)).toMatchObject({ workchain, bounceable, testOnly });
            expect(normalizeTonAddress(friendly)).toBe(raw);
          }
        }
      }
    }
  });

  it('reads every jetton master of the catalogue', () => {
    for (const c of CURRENCIES) {
      if (!c.jettonMaster) continue;
      const raw = normalizeTonAddress(c.jettonMaster);
      expect(raw, c.code).toMatch(/^0:[0-9a-f]{64}$/);
      expect(toFriendlyAddress(raw, { bounceable: true }), c.code).toBe(c.jettonMaster);
    }
  });

  it('gives empty output for a broken checksum or anything else that is not an address', () => {
    const flipped = `${BOUNCEABLE.slice(0, 10)}${BOUNCEABLE[10] === 'A' ? 'B' : 'A'}${BOUNCEABLE.slice(11)}`;
    for (const bad of [
      flipped,
      `${BOUNCEABLE.slice(0, -1)}M`,
      BOUNCEABLE.slice(1),
      `${BOUNCEABLE}A`,
      'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8x+B2_',
      RAW.slice(0, -1),
      `${RAW}0`,
      `5:${RAW.split(':')[1]}`,
      `0:${'g'.repeat(64)}`,
      '',
      '   ',
      'hello',
      '0:',
    ]) {
      expect(normalizeTonAddress(bad), bad).toBe('');
    }
    // A friendly address whose tag byte is neither bounceable nor non-bounceable.
    const bytes = Buffer.from(BOUNCEABLE, 'base64url');
    bytes[0] = 0x22;
    bytes.writeUInt16BE(crc16(bytes.subarray(0, 34)), 34);
    expect(normalizeTonAddress(bytes.toString('base64url'))).toBe('');
    expect(toFriendlyAddress('nope', { bounceable: true })).toBe('');
    expect(sameTonAddress('nope', 'nope')).toBe(false);
  });
});
