/**
 * One leader per job across the cluster, by a Redis lease: `SET key id NX PX ttl` to take it, a
 * compare-and-PEXPIRE to keep it, a compare-and-DEL to give it back. A leader that cannot renew
 * (key gone, taken, Redis unreachable, or the lease ran out while waiting) steps down at once, so
 * two instances never both believe they lead for longer than a renewal in flight; a crashed leader
 * is replaced when its key expires, within ttl. Without Redis (embedded) the process always leads.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

export interface LeaderElectionOptions {
  /** null: embedded mode, always the leader. */
  redis: Redis | null;
  key: string;
  ttlMs?: number;
  renewEveryMs?: number;
  onChange?(isLeader: boolean): void;
  /** Defaults to a random id; shows who leads when reading the key. */
  instanceId?: string;
}

export interface LeaderElection {
  readonly isLeader: boolean;
  readonly instanceId: string;
  /** Tries to take the lead once, then keeps trying / renewing in the background. */
  start(): Promise<void>;
  /** Stops the timers and gives the lead back. */
  stop(): Promise<void>;
}

export function createLeaderElection(opts: LeaderElectionOptions): LeaderElection {
  const { redis, key } = opts;
  const ttlMs = opts.ttlMs ?? 10_000;
  const renewEveryMs = opts.renewEveryMs ?? 3_000;
  if (renewEveryMs >= ttlMs) throw new RangeError('renewEveryMs must be shorter than ttlMs');
  const instanceId = opts.instanceId ?? randomUUID();
  let leader = false;
  let leaseUntil = 0;
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let leaseTimer: NodeJS.Timeout | null = null;
  let current: Promise<void> | null = null;

  function setLeader(next: boolean): void {
    if (leader === next) return;
    leader = next;
    if (!next && leaseTimer) {
      clearTimeout(leaseTimer);
      leaseTimer = null;
    }
    try {
      opts.onChange?.(next);
    } catch (err) {
      console.error('leader onChange failed', err);
    }
  }

  /** Holds the lead until `until`: past it we may no longer own the key, so we step down. */
  function extendLease(until: number): void {
    leaseUntil = until;
    if (leaseTimer) clearTimeout(leaseTimer);
    leaseTimer = setTimeout(() => setLeader(false), Math.max(0, until - Date.now()));
    leaseTimer.unref();
  }

  async function attempt(r: Redis): Promise<void> {
    // The lease counts from before the call: Redis may have set the expiry any time after this.
    const sent = Date.now();
    try {
      if (leader) {
        const renewed = await r.eval(RENEW, 1, key, instanceId, ttlMs);
        if (renewed === 1) {
          // Still ours when renewed, even if the local lease ran out while the call was slow.
          extendLease(sent + ttlMs);
          setLeader(true);
        } else {
          // Lost: try again on the next tick, so a vacated key goes to whoever is quickest.
          setLeader(false);
        }
        return;
      }
      if ((await r.set(key, instanceId, 'PX', ttlMs, 'NX')) !== 'OK') return;
      if (running) {
        extendLease(sent + ttlMs);
        setLeader(true);
      } else {
        // stop() ran while the key was being taken: give it straight back.
        await r.eval(RELEASE, 1, key, instanceId);
      }
    } catch (err) {
      if (leader) console.warn(`leader ${key}: lost the lease (${(err as Error).message})`);
      setLeader(false);
    }
  }

  function schedule(r: Redis): void {
    timer = setTimeout(() => {
      current = attempt(r).finally(() => {
        current = null;
        if (running) schedule(r);
      });
    }, renewEveryMs);
    timer.unref();
  }

  return {
    get isLeader() {
      return leader && (redis === null || Date.now() < leaseUntil);
    },
    instanceId,

    async start() {
      if (running) return;
      running = true;
      if (!redis) {
        setLeader(true);
        return;
      }
      current = attempt(redis).finally(() => {
        current = null;
      });
      await current;
      if (running) schedule(redis);
    },

    async stop() {
      if (!running) return;
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      if (current) await current;
      if (redis && leader) await redis.eval(RELEASE, 1, key, instanceId).catch(() => {});
      setLeader(false);
    },
  };
}
