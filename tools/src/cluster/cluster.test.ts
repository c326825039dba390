/**
 * Two server processes on two ports sharing PostgreSQL and Redis, as behind a load balancer.
 */
import { inflateRawSync } from 'node:zlib';
import { decodeServerFrame, FrameType, forEachPixelChange, type ServerFrame } from '@pixel-wall/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestStore, type TestStore } from '../../../apps/server/src/testing/harness.ts';
import {
  type ClusterBackends,
  clusterServicesAvailable,
  createClusterBackends,
  startCluster,
} from '../lib/cluster.ts';
import { type Player, signInPlayer } from '../lib/players.ts';
import { type ServerProcess, startServer } from '../lib/server-process.ts';

const available = await clusterServicesAvailable();

async function paint(url: string, p: Player, pixelId: number, newColor: string): Promise<number> {
  const r = await fetch(`${url}/api/v1/repaint/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${p.token}` },
    body: JSON.stringify({ pixelId, newColor }),
  });
  await r.text();
  return r.status;
}

function watch(url: string) {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`);
  const frames: ServerFrame[] = [];
  const seen = new Map<number, number>();
  ws.on('message', (data: Buffer) => {
    const f = decodeServerFrame(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    if (!f) return;
    frames.push(f);
    if (f.type === FrameType.Pixels) {
      const body = f.deflated ? new Uint8Array(inflateRawSync(f.body)) : f.body;
      forEachPixelChange(body, (id, c) => seen.set(id, c));
    }
  });
  const open = new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  return { ws, frames, seen, open };
}

async function leaders(servers: ServerProcess[]): Promise<number[]> {
  return Promise.all(
    servers.map(async (s) => {
      const text = await (await fetch(`${s.url}/metrics`)).text();
      return Number(/^pixelwall_leader (\d+)/m.exec(text)?.[1] ?? Number.NaN);
    }),
  );
}

describe.skipIf(!available)('cluster mode: two instances sharing PostgreSQL and Redis', () => {
  let backends: ClusterBackends;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    backends = await createClusterBackends();
    [a, b] = (await startCluster(backends, 2)) as [ServerProcess, ServerProcess];
  }, 120_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await backends?.dispose();
  });

  it('elects exactly one leader for the cluster jobs', async () => {
    await expect
      .poll(async () => (await leaders([a, b])).reduce((x, y) => x + y, 0), { timeout: 15_000 })
      .toBe(1);
  });

  it('delivers a paint made through A to sockets on B, numbered without duplicates', async () => {
    const watcher = watch(b.url);
    await watcher.open;
    const ann = await signInPlayer(a.url, 8_100_001);
    expect(await paint(a.url, ann, 4242, '#3690EA')).toBe(200);
    await expect.poll(() => watcher.seen.get(4242), { timeout: 3000 }).toBe(21);
    const seqs = watcher.frames.filter((f) => f.type === FrameType.Pixels).map((f) => f.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);
    watcher.ws.close();
  });

  it('gives a player with 5 charges exactly 5 paints out of 20 fired at A and B at once', async () => {
    const bo = await signInPlayer(a.url, 8_100_002);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => paint(i % 2 ? a.url : b.url, bo, 10_000 + i, '#000000')),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
  });

  it('answers the same pixel info on both instances', async () => {
    const cy = await signInPlayer(b.url, 8_100_003);
    expect(await paint(b.url, cy, 777, '#FFD635')).toBe(200);
    const [ia, ib] = await Promise.all(
      [a, b].map(async (s) => (await fetch(`${s.url}/api/v1/image/get/777`)).json()),
    );
    expect(ia).toEqual(ib);
    expect(ia).toMatchObject({ pixel: { color: '#FFD635' }, owner: { id: 8_100_003 } });
  });

  it('hands the jobs to the other instance when the leader stops, and keeps the wall live', async () => {
    const [la] = await leaders([a, b]);
    const [leader, follower] = la === 1 ? [a, b] : [b, a];
    await leader.stop();
    await expect.poll(async () => (await leaders([follower]))[0], { timeout: 20_000, interval: 500 }).toBe(1);
    const watcher = watch(follower.url);
    await watcher.open;
    const di = await signInPlayer(follower.url, 8_100_004);
    expect(await paint(follower.url, di, 99_999, '#00A368')).toBe(200);
    await expect.poll(() => watcher.seen.get(99_999), { timeout: 3000 }).toBe(13);
    watcher.ws.close();
  }, 60_000);
});

describe.skipIf(!available)('two walls on one Redis', () => {
  // Each wall has its own database; the same REDIS_PREFIX, on Redis databases 0 and 7.
  let backends: ClusterBackends;
  let stores: TestStore[] = [];
  let zero: ServerProcess;
  let seven: ServerProcess;
  let sevenUrl: string;

  beforeAll(async () => {
    backends = await createClusterBackends();
    const url = new URL(backends.redisUrl);
    url.pathname = '/7';
    sevenUrl = url.toString();
    stores = [await createTestStore('postgres'), await createTestStore('postgres')];
    [zero] = (await startCluster(backends, 1)) as [ServerProcess];
    seven = await startServer({
      env: { ...backends.env, DATABASE_URL: stores[0]!.url!, REDIS_URL: sevenUrl },
    });
  }, 120_000);
  afterAll(async () => {
    await zero?.stop();
    await seven?.stop();
    const r = new Redis(sevenUrl);
    try {
      const keys = await r.keys(`${backends.prefix}*`);
      if (keys.length > 0) await r.unlink(...keys);
    } finally {
      r.disconnect();
    }
    for (const store of stores) await store.dispose();
    await backends?.dispose();
  });

  it('that differ only by database number do not see each other’s pixels', async () => {
    const onZero = watch(zero.url);
    const onSeven = watch(seven.url);
    await Promise.all([onZero.open, onSeven.open]);
    const ed = await signInPlayer(zero.url, 8_100_101);
    expect(await paint(zero.url, ed, 5151, '#3690EA')).toBe(200);
    // Out on the channels before the other wall's paint below, whose frame then reaches it after.
    await expect.poll(() => onZero.seen.has(5151), { timeout: 3000 }).toBe(true);
    const flo = await signInPlayer(seven.url, 8_100_102);
    expect(await paint(seven.url, flo, 6161, '#3690EA')).toBe(200);
    await expect.poll(() => onSeven.seen.has(6161), { timeout: 3000 }).toBe(true);
    expect(onSeven.seen.has(5151)).toBe(false);
    expect(onZero.seen.has(6161)).toBe(false);
    onZero.ws.close();
    onSeven.ws.close();
  });

  it('refuses to start a second wall on the channels of a running one, saying what must differ', async () => {
    const intruder = startServer({ env: { ...backends.env, DATABASE_URL: stores[1]!.url! } });
    const refusal = await intruder.then(
      async (started) => {
        await started.stop();
        return 'started';
      },
      (err: Error) => err.message,
    );
    expect(refusal).toMatch(/server exited with 2/);
    expect(refusal).toMatch(/REDIS_PREFIX: Redis database 0 under the prefix .* belongs to another wall/);
    // the reason, not a stack trace
    expect(refusal).not.toMatch(/\n\s+at /);
  }, 60_000);
});
