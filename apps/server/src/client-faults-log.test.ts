import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestStore, type RunningApp, startApp, type TestStore, testConfig } from './testing/harness.ts';

interface LogLine {
  level: number;
  msg?: string;
  err?: { stack?: string };
  [key: string]: unknown;
}

/** What guests can cause over and over reaches the log below error level, once per cause. */
describe('client faults in the log', () => {
  let store: TestStore;
  let run: RunningApp;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    store = await createTestStore('pglite');
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const l of String(chunk).split('\n')) if (l.trim()) lines.push(JSON.parse(l) as LogLine);
        done();
      },
    });
    run = await startApp(store, testConfig({ LOG_LEVEL: 'debug' }), { logger: { stream } });
  });
  afterAll(async () => {
    await run?.stop();
    await store?.dispose();
  });

  const about = (text: string) => lines.filter((l) => JSON.stringify(l).includes(text));

  it('an unconfigured feature answers 503 and logs nothing per request: the start said so once, at info', async () => {
    const before = lines.length;
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${run.baseUrl}/api/v1/history/px/stats`);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAVAILABLE');
    }
    await new Promise((r) => setTimeout(r, 50));
    // No error or warning, and no line per refusal (Fastify's own access lines aside).
    const after = lines.slice(before);
    expect(after.filter((l) => l.level >= 40)).toEqual([]);
    const perRequest = after.filter(
      (l) =>
        !['incoming request', 'request completed'].includes(l.msg ?? '') &&
        /UNAVAILABLE|not configured|px\/stats/.test(JSON.stringify(l)),
    );
    expect(perRequest).toEqual([]);
    const atStart = about('PX market data');
    expect(atStart).toHaveLength(1);
    expect(atStart[0]!.level).toBe(30);
    expect(JSON.stringify(atStart[0])).not.toContain('"stack"');
  });

  it('oversize websocket frames log once below error level, without a stack', async () => {
    for (let i = 0; i < 3; i++) {
      const ws = new WebSocket(`${run.baseUrl.replace('http', 'ws')}/ws`);
      await new Promise((resolve) => ws.once('open', resolve));
      const closed = new Promise<number>((resolve) => ws.once('close', resolve));
      ws.on('error', () => undefined);
      ws.send(Buffer.alloc(4096));
      expect(await closed).toBe(1009);
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    const logged = about('WS_ERR_');
    expect(logged).toHaveLength(1);
    expect(logged[0]!.level).toBeLessThan(40);
    expect(JSON.stringify(logged[0])).not.toContain('"stack"');
  });
});
