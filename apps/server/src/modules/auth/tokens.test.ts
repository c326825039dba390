import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTokenService } from './tokens.ts';

const noDatabase = {
  query: () => Promise.reject(new Error('no database in this test')),
  transaction: () => Promise.reject(new Error('no database in this test')),
} as unknown as Pick<Database, 'query' | 'transaction'>;

function service(clock: { t: number }, secret = 'a-test-secret') {
  return createTokenService({
    db: noDatabase,
    secret,
    accessTtlSeconds: 900,
    refreshTtlSeconds: 3600,
    now: () => clock.t,
  });
}

describe('signed tokens', () => {
  it('accept their own token again and again, and refuse it once expired, remembered or not', () => {
    const clock = { t: Date.UTC(2026, 10, 27) };
    const tokens = service(clock);
    const token = tokens.websocketToken(42);
    expect(tokens.verifyWebsocketToken(token)).toBe(42);
    expect(tokens.verifyWebsocketToken(token)).toBe(42);
    clock.t += 24 * 3600 * 1000 + 1000;
    expect(tokens.verifyWebsocketToken(token)).toBeNull();
    // a service that never saw it checks the signature, then the expiry
    expect(service(clock).verifyWebsocketToken(token)).toBeNull();
  });

  it('refuse a changed signature or body, another secret, and a websocket token as an access token', async () => {
    const clock = { t: Date.UTC(2026, 10, 27) };
    const tokens = service(clock);
    const token = tokens.websocketToken(42);
    expect(tokens.verifyWebsocketToken(token)).toBe(42);
    const [prefix, body, signature] = token.split('.') as [string, string, string];
    const otherBody = Buffer.from(JSON.stringify({ u: 43, e: clock.t / 1000 + 3600 })).toString('base64url');
    expect(tokens.verifyWebsocketToken(`${prefix}.${otherBody}.${signature}`)).toBeNull();
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(tokens.verifyWebsocketToken(`${prefix}.${body}.${flipped}`)).toBeNull();
    expect(service(clock, 'another-secret').verifyWebsocketToken(token)).toBeNull();
    expect(await tokens.verifyAccess(token)).toBeNull();
  });
});
