import { inflateRawSync } from 'node:zlib';
import { BASIC_COLORS, CANVAS_PIXELS, pixelIdOf, pixelPrice } from '@pixel-wall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestStore,
  dbKinds,
  type RunningApp,
  startApp,
  type TestStore,
  telegramSignIn,
} from '../../testing/harness.ts';

const kinds = await dbKinds();

async function maskOf(base: string, path: string, token: string): Promise<number[]> {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/octet-stream');
  expect(res.headers.get('x-mask-format')).toBe('bytes+deflate-raw');
  const bytes = inflateRawSync(Buffer.from(await res.arrayBuffer()));
  expect(bytes.length).toBe(CANVAS_PIXELS);
  const ones: number[] = [];
  bytes.forEach((b, i) => {
    if (b === 1) ones.push(i + 1);
  });
  return ones;
}

describe.each(kinds)('GET /image/mask/{price} on %s', (kind) => {
  let store: TestStore;
  let run: RunningApp;

  beforeAll(async () => {
    store = await createTestStore(kind);
    run = await startApp(store);
  });
  afterAll(async () => {
    await run?.stop();
    await store?.dispose();
  });

  it('holds only the player’s pixels of that price; a price the wall has not is refused', async () => {
    const ann = await telegramSignIn(run.baseUrl, { id: 9601, first_name: 'Ann' });
    const painted = [pixelIdOf(3, 4), pixelIdOf(512, 512), pixelIdOf(200, 500), pixelIdOf(511, 500)];
    for (const [i, pixelId] of painted.entries()) {
      const r = await api(run.baseUrl, 'POST', '/api/v1/repaint/start', {
        token: ann.token,
        body: { pixelId, newColor: BASIC_COLORS[i + 1] },
      });
      expect(r.status).toBe(200);
    }
    const sorted = [...painted].sort((a, b) => a - b);
    expect(await maskOf(run.baseUrl, '/api/v1/image/mask', ann.token)).toEqual(sorted);
    for (const price of [8, 4, 2, 1]) {
      expect(await maskOf(run.baseUrl, `/api/v1/image/mask/${price}`, ann.token), String(price)).toEqual(
        sorted.filter((id) => pixelPrice(id) === price),
      );
    }
    expect(await maskOf(run.baseUrl, '/api/v1/image/mask/4', ann.token)).toEqual([]);

    for (const price of ['3', '0', '-1', '9', '2.5', 'abc', '1e3']) {
      const bad = await api<{ error: { code: string; message: string } }>(
        run.baseUrl,
        'GET',
        `/api/v1/image/mask/${price}`,
        { token: ann.token },
      );
      expect(bad.status, price).toBe(400);
      expect(bad.body.error.code, price).toBe('BAD_REQUEST');
    }
    expect((await api(run.baseUrl, 'GET', '/api/v1/image/mask/8')).status).toBe(401);
  });
});
