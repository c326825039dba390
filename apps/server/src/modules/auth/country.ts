/**
 * The player's country, as the proxy in front (a CDN such as Cloudflare) reports it in
 * COUNTRY_HEADER. Only a peer TRUST_PROXY trusts is believed: a client that reaches the server
 * directly could name any country.
 */
import type { FastifyRequest } from 'fastify';
import { createProxyTrust, type TrustProxy } from '../../lib/proxy-trust.ts';

export function createCountryReader(opts: {
  /** COUNTRY_HEADER; null: no country is read */
  header: string | null;
  trustProxy: TrustProxy;
}): (req: Pick<FastifyRequest, 'headers' | 'raw'>) => string | null {
  const { header } = opts;
  if (header === null) return () => null;
  const proxies = createProxyTrust(opts.trustProxy);
  return (req) => {
    if (!proxies.trusts(req.raw.socket?.remoteAddress)) return null;
    const v = req.headers[header];
    const s = Array.isArray(v) ? v[0] : v;
    return s && /^[A-Za-z]{2}$/.test(s) && s.toUpperCase() !== 'XX' ? s.toUpperCase() : null;
  };
}
