import { afterEach, describe, expect, it, vi } from 'vitest';
import { redisKinds, type TestRedis, testRedis } from '../testing/redis.ts';
import { createLeaderElection, type LeaderElection } from './leader.ts';

const kinds = await redisKinds();

async function until(check: () => boolean, what: string, timeoutMs = 3_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('leader election without Redis', () => {
  it('always leads in embedded mode', async () => {
    const changes: boolean[] = [];
    const e = createLeaderElection({ redis: null, key: 'job', onChange: (v) => changes.push(v) });
    expect(e.isLeader).toBe(false);
    await e.start();
    expect(e.isLeader).toBe(true);
    await e.stop();
    expect(e.isLeader).toBe(false);
    expect(changes).toEqual([true, false]);
  });
});

describe.runIf(kinds.includes('redis'))('leader election on Redis', () => {
  const TTL = 600;
  const RENEW = 100;
  let t: TestRedis;
  const running: LeaderElection[] = [];

  function election(name: string, changes: boolean[] = []) {
    const client = t.connect(name);
    const e = createLeaderElection({
      redis: client,
      key: 'leader:ticker',
      ttlMs: TTL,
      renewEveryMs: RENEW,
      instanceId: name,
      onChange: (v) => changes.push(v),
    });
    running.push(e);
    return Object.assign(e, { client });
  }

  afterEach(async () => {
    await Promise.all(running.splice(0).map((e) => e.stop()));
    await t.dispose();
  });

  it('elects exactly one of two, and hands over when the leader stops', async () => {
    t = testRedis();
    const aChanges: boolean[] = [];
    const a = election('a', aChanges);
    const b = election('b');
    await Promise.all([a.start(), b.start()]);
    expect([a.isLeader, b.isLeader].filter(Boolean)).toHaveLength(1);
    // Renewals keep the same leader well past the ttl.
    const first = a.isLeader ? a : b;
    const second = first === a ? b : a;
    await new Promise((r) => setTimeout(r, TTL * 2));
    expect(first.isLeader).toBe(true);
    expect(second.isLeader).toBe(false);
    const released = Date.now();
    await first.stop();
    expect(first.isLeader).toBe(false);
    // Released, not expired: the other takes over on its next attempt, well before the ttl.
    await until(() => second.isLeader, 'hand-over');
    expect(Date.now() - released).toBeLessThan(TTL);
    if (first === a) expect(aChanges).toEqual([true, false]);
  });

  it('replaces a leader that vanished without releasing, within the ttl', async () => {
    t = testRedis();
    const a = election('a');
    await a.start();
    expect(a.isLeader).toBe(true);
    const b = election('b');
    await b.start();
    expect(b.isLeader).toBe(false);
    // A crash: the connection drops and nothing is given back; the key lives out its ttl.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const crashed = Date.now();
    a.client.disconnect();
    await until(() => b.isLeader, 'take-over after expiry');
    const took = Date.now() - crashed;
    expect(took).toBeGreaterThan(TTL - 2 * RENEW);
    expect(took).toBeLessThan(TTL + 3 * RENEW);
    expect(a.isLeader).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('lost the lease'));
    warn.mockRestore();
  });

  it('steps down on the next renewal when its key was deleted or taken', async () => {
    t = testRedis();
    const changes: boolean[] = [];
    const a = election('a', changes);
    await a.start();
    expect(a.isLeader).toBe(true);
    const admin = t.connect('admin');
    await admin.set('leader:ticker', 'someone-else', 'PX', 5_000);
    await until(() => !a.isLeader, 'step-down when taken');
    expect(changes).toEqual([true, false]);
    await admin.del('leader:ticker');
    await until(() => a.isLeader, 're-election when free');
    await admin.del('leader:ticker');
    await until(() => changes.length >= 4, 'step-down when deleted');
    expect(changes.slice(0, 4)).toEqual([true, false, true, false]);
  });

  it('gives the key back on stop', async () => {
    t = testRedis();
    const a = election('a');
    await a.start();
    const admin = t.connect('admin');
    expect(await admin.get('leader:ticker')).toBe('a');
    expect(await admin.pttl('leader:ticker')).toBeGreaterThan(0);
    await a.stop();
    expect(await admin.get('leader:ticker')).toBeNull();
  });
});
