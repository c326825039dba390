import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createCountryReader } from './country.ts';

const from = (peer: string, headers: Record<string, string>) =>
  ({ headers, raw: { socket: { remoteAddress: peer } } }) as unknown as Pick<
    FastifyRequest,
    'headers' | 'raw'
  >;

describe('the country header', () => {
  it('is not read by default, whatever a client sends', () => {
    const config = loadConfig({});
    expect(config.countryHeader).toBeNull();
    const countryOf = createCountryReader({ header: config.countryHeader, trustProxy: config.trustProxy });
    expect(countryOf(from('127.0.0.1', { 'cf-ipcountry': 'DE' }))).toBeNull();
  });

  it('is read from a trusted proxy only', () => {
    const countryOf = createCountryReader({ header: 'cf-ipcountry', trustProxy: ['10.0.0.0/8'] });
    expect(countryOf(from('10.0.0.7', { 'cf-ipcountry': 'de' }))).toBe('DE');
    // a client that reaches the server directly
    expect(countryOf(from('203.0.113.5', { 'cf-ipcountry': 'DE' }))).toBeNull();
    expect(countryOf(from('10.0.0.7', { 'cf-ipcountry': 'XX' }))).toBeNull();
    expect(countryOf(from('10.0.0.7', { 'cf-ipcountry': 'Germany' }))).toBeNull();
  });

  it('needs TRUST_PROXY: set alone it stops the start', () => {
    expect(() => loadConfig({ COUNTRY_HEADER: 'cf-ipcountry' })).toThrow(/COUNTRY_HEADER: .*TRUST_PROXY/);
    expect(loadConfig({ COUNTRY_HEADER: 'cf-ipcountry', TRUST_PROXY: '127.0.0.1' }).countryHeader).toBe(
      'cf-ipcountry',
    );
  });
});
