/**
 * Which peers may speak for a client (TRUST_PROXY), read the way Fastify reads its `trustProxy`
 * (proxy-addr): `true` believes every hop, `false` none, a list only the proxies it names. The
 * websocket upgrade (no Fastify request) and the country header use it; routes use Fastify's own.
 */
import type { IncomingMessage } from 'node:http';
import net from 'node:net';

export type TrustProxy = boolean | readonly string[];

export interface ProxyTrust {
  /** whether `address` (a socket's remote address) is a proxy we trust */
  trusts(address: string | undefined): boolean;
  /** the client's address: the nearest hop of X-Forwarded-For that no trusted proxy vouches past */
  clientIp(req: IncomingMessage): string;
}

/** '::ffff:10.0.0.1' (a dual-stack socket's IPv4 peer) as the IPv4 address it is. */
function unmapped(address: string): string {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : null;
  return v4 !== null && net.isIPv4(v4) ? v4 : address;
}

export function createProxyTrust(setting: TrustProxy): ProxyTrust {
  let trusts: (address: string | undefined) => boolean;
  if (typeof setting === 'boolean') {
    trusts = () => setting;
  } else {
    const list = new net.BlockList();
    for (const entry of setting) {
      const [address = '', prefix] = entry.split('/');
      const family = net.isIPv4(address) ? 'ipv4' : 'ipv6';
      if (prefix === undefined) list.addAddress(address, family);
      else list.addSubnet(address, Number(prefix), family);
    }
    trusts = (address) => {
      if (address === undefined) return false;
      const a = unmapped(address);
      const family = net.isIP(a);
      return family !== 0 && list.check(a, family === 4 ? 'ipv4' : 'ipv6');
    };
  }
  return {
    trusts,
    clientIp(req) {
      const peer = req.socket.remoteAddress ?? '';
      if (!trusts(peer)) return peer;
      const forwarded = req.headers['x-forwarded-for'];
      const hops = (typeof forwarded === 'string' ? forwarded.split(',') : [])
        .map((s) => s.trim())
        .filter(Boolean)
        .reverse();
      let ip = peer;
      for (const hop of hops) {
        ip = hop;
        if (!trusts(hop)) break;
      }
      return ip;
    },
  };
}
