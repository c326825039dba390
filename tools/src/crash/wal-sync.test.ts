import { describe, expect, it } from 'vitest';
import { checkTrace, runWalSyncTrace, straceAvailable } from './wal-sync.ts';

const haveStrace = straceAvailable();
if (!haveStrace && process.env.CI) {
  throw new Error('strace is missing: CI installs it (.ci/run), and the WAL sync test must run there');
}
if (!haveStrace) console.warn('wal-sync.test.ts skipped: strace is not installed (apt-get install strace)');

describe('trace check', () => {
  const reply = (tid: number, conn: string) =>
    `${tid} writev(30<TCP:[${conn}]>, [{iov_base="HTTP/1.1 200 OK\\r\\n"..., iov_len=180}], 1) = 180`;
  const request = (tid: number, conn: string) =>
    `${tid} read(30<TCP:[${conn}]>, "POST /api/v1/repaint/start HTTP/1.1\\r\\n"..., 65536) = 300`;
  const walWrite = (tid: number) =>
    `${tid} pwrite64(40</d/pglite/pg_wal/000000010000000000000001>, "\\0"..., 8192, 0) = 8192`;
  const walSync = (tid: number) => `${tid} fdatasync(40</d/pglite/pg_wal/000000010000000000000001>) = 0`;

  it('accepts a reply after a WAL write and a sync, and counts one without a sync', () => {
    const ok = [request(1, 'a'), walWrite(2), walSync(2), reply(1, 'a')];
    const bad = [request(1, 'b'), walWrite(2), reply(1, 'b'), walSync(2)];
    expect(checkTrace([...ok, ...bad].join('\n'))).toMatchObject({
      acknowledged: 2,
      walSyncs: 2,
      unsynced: 1,
    });
  });

  it('pairs each reply with the request of its own connection (endpoints as strace prints them)', () => {
    const a = '127.0.0.1:8080->127.0.0.1:50001';
    const b = '127.0.0.1:8080->127.0.0.1:50002';
    // a's paint is committed and synced; b's request is read after that, before a's reply goes out
    const trace = [
      request(1, a),
      walWrite(2),
      walSync(2),
      request(1, b),
      reply(1, a),
      walWrite(2),
      walSync(2),
      reply(1, b),
    ];
    expect(checkTrace(trace.join('\n'))).toMatchObject({ acknowledged: 2, walSyncs: 2, unsynced: 0 });
    // and a reply on b with no sync since b's own request is still caught
    const late = [request(1, a), walWrite(2), walSync(2), request(1, b), reply(1, b)];
    expect(checkTrace(late.join('\n'))).toMatchObject({ acknowledged: 1, unsynced: 1 });
  });

  it('reads calls split across threads (unfinished, then resumed)', () => {
    const trace = [
      request(1, 'a'),
      walWrite(2),
      '2 fdatasync(40</d/pglite/pg_wal/000000010000000000000001> <unfinished ...>',
      reply(1, 'a'),
      '2 <... fdatasync resumed>) = 0',
    ].join('\n');
    // the sync completed after the reply went out: not durable at the time of the reply
    expect(checkTrace(trace)).toMatchObject({ acknowledged: 1, walSyncs: 1, unsynced: 1 });
  });

  it('does not count a failed sync', () => {
    const trace = [
      request(1, 'a'),
      walWrite(2),
      walSync(2).replace('= 0', '= -1 EIO (Input/output error)'),
      reply(1, 'a'),
    ];
    expect(checkTrace(trace.join('\n'))).toMatchObject({ walSyncs: 0, unsynced: 1 });
  });
});

describe.skipIf(!haveStrace)('WAL sync before acknowledgement (embedded PGlite, under strace)', () => {
  it('syncs the WAL between every paint request and its 200, at most once per paint', async () => {
    const report = await runWalSyncTrace({ players: 4, paintsPerPlayer: 10 });
    expect(report.acknowledged).toBe(40);
    expect(report.unsynced, `replies before a WAL sync:\n${report.examples.join('\n---\n')}`).toBe(0);
    expect(report.walSyncs).toBeGreaterThan(0);
    // One fdatasync per COMMIT: concurrent paints share a group commit, so no more syncs than paints.
    expect(report.walSyncs).toBeLessThanOrEqual(report.acknowledged);
  }, 120_000);
});
