import { describe, expect, it } from 'vitest';
import { createMemoryTokenStorage } from '../../api/tokens.ts';
import { createTestContext, json, SIGNED_IN, user } from '../../test/harness.tsx';
import { connectWallet, sameAddress } from './connect.ts';
import type { TonWalletConnector, WalletConnection } from './connector.ts';

const RAW = `0:${'ab'.repeat(32)}`;
const connection: WalletConnection = {
  account: { address: RAW, chain: '-239', publicKey: 'cd'.repeat(32), walletStateInit: 'te6cc' },
  proof: { timestamp: 1, domain: { lengthBytes: 9, value: 'pixel.app' }, payload: 'p1', signature: 'sig' },
};

function connector(result: WalletConnection | null, log: string[]): TonWalletConnector {
  return {
    current: async () => null,
    injectedWallets: async () => [],
    connect: async (payload, via) => {
      log.push(via ? `connect ${payload} via ${via.key}` : `connect ${payload}`);
      return result;
    },
    send: async () => {},
    disconnect: async () => {
      log.push('disconnect');
    },
    subscribe: () => () => {},
  };
}

function context(handler: (path: string, body: unknown) => Response | undefined) {
  return createTestContext({
    tokens: createMemoryTokenStorage(SIGNED_IN),
    fetch: (path, init) => handler(path, init.body ? JSON.parse(String(init.body)) : undefined),
  });
}

describe('connectWallet', () => {
  it('asks for a payload, opens the wallet with it, and sends the proof with the state_init', async () => {
    const bodies: unknown[] = [];
    const log: string[] = [];
    const ctx = context((path, body) => {
      if (path === '/wallet/ton-proof/generate-payload') return json(200, { payload: 'p1' });
      if (path === '/wallet/ton-proof/check-proof') {
        bodies.push(body);
        return json(200, { success: true });
      }
      if (path === '/users/me') return json(200, user({ walletAddress: RAW }));
      return undefined;
    });
    const outcome = await ctx.store.dispatch(connectWallet(connector(connection, log)));
    expect(outcome).toEqual({ kind: 'connected', address: RAW });
    expect(log).toEqual(['connect p1']);
    expect(bodies).toEqual([
      {
        address: RAW,
        network: '-239',
        public_key: 'cd'.repeat(32),
        proof: { ...connection.proof, state_init: 'te6cc' },
      },
    ]);
    expect(ctx.store.getState().user.data?.walletAddress).toBe(RAW);
  });

  it('connects through the injected wallet the player picked', async () => {
    const log: string[] = [];
    const ctx = context((path) => {
      if (path === '/wallet/ton-proof/generate-payload') return json(200, { payload: 'p1' });
      if (path === '/wallet/ton-proof/check-proof') return json(200, { success: true });
      if (path === '/users/me') return json(200, user({ walletAddress: RAW }));
      return undefined;
    });
    const via = { key: 'tonkeeper', name: 'Tonkeeper', imageUrl: '' };
    const outcome = await ctx.store.dispatch(connectWallet(connector(connection, log), via));
    expect(outcome).toEqual({ kind: 'connected', address: RAW });
    expect(log).toEqual(['connect p1 via tonkeeper']);
  });

  it('reports a missing payload as its own failure', async () => {
    const ctx = context(() => json(500, { error: { code: 'INTERNAL', message: 'x' }, requestId: 'r' }));
    expect(await ctx.store.dispatch(connectWallet(connector(connection, [])))).toEqual({
      kind: 'failed',
      reason: 'payload',
      message: null,
    });
  });

  it('passes the server’s refusal on and drops the wallet connection', async () => {
    const log: string[] = [];
    const ctx = context((path) => {
      if (path === '/wallet/ton-proof/generate-payload') return json(200, { payload: 'p1' });
      if (path === '/wallet/ton-proof/check-proof')
        return json(400, { error: { code: 'BAD_REQUEST', message: 'Wrong network.' }, requestId: 'r' });
      return undefined;
    });
    expect(await ctx.store.dispatch(connectWallet(connector(connection, log)))).toEqual({
      kind: 'failed',
      reason: 'proof',
      message: 'Wrong network.',
      code: 'BAD_REQUEST',
    });
    expect(log).toContain('disconnect');
  });

  it('hands over the captcha when the server asks for one', async () => {
    const ctx = context((path) => {
      if (path === '/wallet/ton-proof/generate-payload') return json(200, { payload: 'p1' });
      if (path === '/wallet/ton-proof/check-proof')
        return json(403, { error: { code: 'CAPTCHA_REQUIRED', message: 'Solve it' }, requestId: 'r' });
      if (path === '/wallet/ton-proof/uncompleted-captcha')
        return json(200, { captcha: { id: 'c1', question: '3 + 4' } });
      return undefined;
    });
    expect(await ctx.store.dispatch(connectWallet(connector(connection, [])))).toEqual({
      kind: 'captcha',
      captcha: { id: 'c1', question: '3 + 4' },
      address: RAW,
    });
  });

  it('does nothing more when the player closes the wallet list', async () => {
    const ctx = context((path) =>
      path === '/wallet/ton-proof/generate-payload' ? json(200, { payload: 'p1' }) : undefined,
    );
    expect(await ctx.store.dispatch(connectWallet(connector(null, [])))).toEqual({ kind: 'closed' });
  });
});

describe('sameAddress', () => {
  it('matches raw and user-friendly forms of one account', () => {
    expect(sameAddress(RAW, 'UQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq5jh')).toBe(true);
    expect(sameAddress(RAW, `0:${'ac'.repeat(32)}`)).toBe(false);
    expect(sameAddress(RAW, null)).toBe(false);
  });
});
