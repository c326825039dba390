import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createProxyTrust } from './proxy-trust.ts';

const request = (peer: string, forwarded?: string) =>
  ({
    socket: { remoteAddress: peer },
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  }) as unknown as IncomingMessage;

describe('TRUST_PROXY', () => {
  it('reads true, false and lists of addresses and CIDR ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
  });

  it.each(['proxy.example', '10.0.0.0/33', '10.0.0.1/8/1', '::1/129', '127.0.0.1,', 'yes please'])(
    'refuses %j, naming the variable',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be true, false or/);
    },
  );

  it('a list trusts its addresses and ranges only, IPv4 peers of a dual-stack socket too', () => {
    const trust = createProxyTrust(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);
    for (const a of ['127.0.0.1', '10.1.2.3', '::ffff:10.9.9.9', 'fd00::1'])
      expect(trust.trusts(a), a).toBe(true);
    for (const a of ['127.0.0.2', '11.0.0.1', '::1', 'fe80::1', 'junk', undefined])
      expect(trust.trusts(a), String(a)).toBe(false);
  });

  it('takes the client from X-Forwarded-For only when a trusted proxy sent it', () => {
    const trust = createProxyTrust(['10.0.0.1']);
    // Straight from a client: its own claim is ignored.
    expect(trust.clientIp(request('203.0.113.5', '198.51.100.1'))).toBe('203.0.113.5');
    // Through the proxy: the hop the proxy appended, not what the client put before it.
    expect(trust.clientIp(request('10.0.0.1', '198.51.100.1, 203.0.113.5'))).toBe('203.0.113.5');
    expect(trust.clientIp(request('10.0.0.1'))).toBe('10.0.0.1');
    expect(createProxyTrust(false).clientIp(request('203.0.113.5', '198.51.100.1'))).toBe('203.0.113.5');
    // true believes every hop: the first of the list, whoever sent it.
    expect(createProxyTrust(true).clientIp(request('203.0.113.5', '198.51.100.1, 10.0.0.1'))).toBe(
      '198.51.100.1',
    );
  });
});
