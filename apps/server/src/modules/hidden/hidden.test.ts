import {
  HIDDEN_AWARD_PX,
  HIDDEN_AWARDS,
  HIDDEN_SIZE,
  PALETTE,
  PALETTE_SIZE,
  ProductId,
  pixelIdOf,
  type RepaintResult,
} from '@pixel-wall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestStore,
  dbKinds,
  type RunningApp,
  startApp,
  type TestStore,
  telegramSignIn,
  testConfig,
} from '../../testing/harness.ts';
import { addItems } from '../items/inventory.ts';
import { createHiddenGame, templateFromSeed, templatePixelIds } from './service.ts';
import { roundPixels } from './store.ts';

const kinds = await dbKinds();
const ADMIN = 7_100_001;
const config = testConfig({ ADMIN_IDS: String(ADMIN), PAINT_REWARD_ONE_IN: '0' });

type ErrorBody = { error: { code: string; message: string } };

describe('templateFromSeed', () => {
  it('is deterministic, fits on the canvas, and uses palette colours in 8×8 blocks', () => {
    const a = templateFromSeed('seed-a');
    expect(templateFromSeed('seed-a')).toEqual(a);
    expect(templateFromSeed('seed-b')).not.toEqual(a);
    expect(a.indices.length).toBe(HIDDEN_AWARDS);
    expect(a.x + HIDDEN_SIZE).toBeLessThanOrEqual(1024);
    expect(a.y + HIDDEN_SIZE).toBeLessThanOrEqual(1024);
    expect(a.indices.every((c) => c < PALETTE_SIZE)).toBe(true);
    expect(a.indices[0]).toBe(a.indices[7 * HIDDEN_SIZE + 7]);
    const ids = templatePixelIds(a.x, a.y);
    expect(new Set(ids).size).toBe(HIDDEN_AWARDS);
    expect(ids[0]).toBe(pixelIdOf(a.x, a.y));
    expect(ids[HIDDEN_AWARDS - 1]).toBe(pixelIdOf(a.x + 63, a.y + 63));
  });
});

/** A template with one colour per row: row r has palette index r % 30. */
function rowTemplate(): Uint8Array {
  const t = new Uint8Array(HIDDEN_AWARDS);
  for (let i = 0; i < HIDDEN_AWARDS; i++) t[i] = Math.floor(i / HIDDEN_SIZE) % PALETTE_SIZE;
  return t;
}

function adminRound(
  base: string,
  token: string,
  x: number,
  y: number,
  body: Uint8Array | string,
  type = 'application/octet-stream',
) {
  return fetch(`${base}/api/v1/hidden/admin/round?x=${x}&y=${y}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    body,
  });
}

function paint(base: string, token: string, x: number, y: number, colorIndex: number) {
  return api<RepaintResult & ErrorBody>(base, 'POST', '/api/v1/repaint/start', {
    token,
    body: { pixelId: pixelIdOf(x, y), newColor: PALETTE[colorIndex] },
  });
}

describe.each(kinds)('hidden-template game on %s', (kind) => {
  let store: TestStore;
  let app: RunningApp;
  let admin: string;
  let nextUser = 7_200_000;
  const X = 100;
  const Y = 200;

  // The hidden colours span the whole palette: these players hold All colours.
  const player = async () => {
    const id = nextUser++;
    const { token } = await telegramSignIn(app.baseUrl, { id, first_name: `P${id + 1}` });
    await addItems(app.db, id, [{ productId: ProductId.AllColors, qty: 1 }]);
    return token;
  };

  beforeAll(async () => {
    store = await createTestStore(kind);
    app = await startApp(store, config);
    admin = (await telegramSignIn(app.baseUrl, { id: ADMIN, first_name: 'Ada' })).token;
  });
  afterAll(async () => {
    await app?.stop();
    await store?.dispose();
  });

  it('starts a round from the seed at first start, once, and never sends its colours', async () => {
    const rounds = await app.db.query<{ source: string; active: boolean }>(
      'SELECT source, active FROM hidden_rounds',
    );
    expect(rounds).toEqual([{ source: 'seed', active: true }]);
    const pixels = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM hidden_pixels');
    expect(pixels[0]!.n).toBe(HIDDEN_AWARDS);
    const stats = await api<Record<string, unknown>>(app.baseUrl, 'GET', '/api/v1/hidden/stats');
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({
      active: true,
      total: 532_480,
      awards: 4096,
      reward_size: 130,
      count: 0,
    });
    expect(JSON.stringify(stats.body)).not.toMatch(/color|indices/);
  });

  it('refuses operator rounds from non-admins and bad bodies, with clear errors', async () => {
    const eve = await player();
    const forbidden = await adminRound(app.baseUrl, eve, X, Y, rowTemplate());
    expect(forbidden.status).toBe(403);
    const short = await adminRound(app.baseUrl, admin, X, Y, new Uint8Array(100));
    expect(short.status).toBe(400);
    expect(((await short.json()) as ErrorBody).error.message).toMatch(/4096 bytes/);
    const bad = rowTemplate();
    bad[5] = 200;
    const badColour = await adminRound(app.baseUrl, admin, X, Y, bad);
    expect(badColour.status).toBe(400);
    expect(((await badColour.json()) as ErrorBody).error.message).toMatch(/Byte 5 is 200/);
    const json = await adminRound(app.baseUrl, admin, X, Y, '{}', 'application/json');
    expect(json.status).toBe(415);
    const offCanvas = await adminRound(app.baseUrl, admin, 990, Y, rowTemplate());
    expect(offCanvas.status).toBe(400);
    const tooBig = await adminRound(app.baseUrl, admin, X, Y, new Uint8Array(HIDDEN_AWARDS + 1));
    expect(tooBig.status).toBe(413);
    expect((await api(app.baseUrl, 'GET', '/api/v1/hidden/rating?limit=11')).status).toBe(400);
  });

  it('pays a hidden pixel once when many players paint it at once; a wrong colour pays nothing', async () => {
    const started = await adminRound(app.baseUrl, admin, X, Y, rowTemplate());
    expect(started.status).toBe(200);
    expect(await started.json()).toMatchObject({ x: X, y: Y });
    const active = await app.db.query<{ source: string }>('SELECT source FROM hidden_rounds WHERE active');
    expect(active).toEqual([{ source: 'operator' }]);

    // Row 3 of the template is palette index 3.
    const players = await Promise.all(Array.from({ length: 12 }, () => player()));
    const results = await Promise.all(players.map((t) => paint(app.baseUrl, t, X + 5, Y + 3, 3)));
    expect(results.map((r) => r.status)).toEqual(players.map(() => 200));
    const gotchas = results.filter((r) => r.body.hidden?.result === 'gotcha');
    expect(gotchas).toHaveLength(1);
    expect(gotchas[0]!.body.hidden).toEqual({
      result: 'gotcha',
      amount: HIDDEN_AWARD_PX,
      reward_user: expect.any(Number),
    });
    expect(results.filter((r) => r.body.hidden === null)).toHaveLength(11);
    const paid = await app.db.query<{ n: number; sum: string }>(
      "SELECT count(*)::int AS n, sum(amount)::text AS sum FROM rewards WHERE source = 'hidden'",
    );
    expect(paid[0]!.n).toBe(1);
    expect(Number(paid[0]!.sum)).toBe(130);

    const wrong = await paint(app.baseUrl, players[0]!, X + 6, Y + 3, 4);
    expect(wrong.body.hidden).toEqual({ result: 'wrong', amount: 0, reward_user: null });
    const off = await paint(app.baseUrl, players[0]!, X - 1, Y + 3, 3);
    expect(off.body.hidden).toBeNull();
    const after = await app.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM rewards WHERE source = 'hidden'",
    );
    expect(after[0]!.n).toBe(1);

    // The winner's reward is a claimable token reward, and the rating shows them.
    const winner = players[results.indexOf(gotchas[0]!)]!;
    const progress = await api<{ total: string; count: number }>(
      app.baseUrl,
      'GET',
      '/api/v1/rewards/tokens/obtain/progress',
      {
        token: winner,
      },
    );
    expect(progress.body).toMatchObject({ total: '130', count: 1 });
    const rating = await api<{ rating: { total: number; count: number; place: number }[]; total: number }>(
      app.baseUrl,
      'GET',
      '/api/v1/hidden/rating?limit=10&offset=0',
    );
    expect(rating.body.total).toBe(1);
    expect(rating.body.rating[0]).toMatchObject({ total: 130, count: 1, place: 1 });
    const stats = await api<{ count: number; mine: { count: number } }>(
      app.baseUrl,
      'GET',
      '/api/v1/hidden/stats',
      {
        token: winner,
      },
    );
    expect(stats.body).toMatchObject({
      count: 1,
      mine: { count: 1, total: 130 },
      area: { x: X, y: Y, size: 64 },
    });
  });

  it('reads the running round back whole at a start: every colour, and the pixels already won', async () => {
    const [round] = await app.db.query<{ id: number }>('SELECT id FROM hidden_rounds WHERE active');
    const read = await roundPixels(app.db, round!.id);
    const template = rowTemplate();
    const colourOf = new Map(templatePixelIds(X, Y).map((id, i) => [id, template[i]]));
    expect(read.pixelIds).toEqual([...colourOf.keys()].sort((p, q) => p - q));
    expect(read.colors).toEqual(read.pixelIds.map((id) => colourOf.get(id)));
    expect(read.taken).toEqual([pixelIdOf(X + 5, Y + 3)]);

    // A game started on this database (another instance, or this one restarted) pays that pixel
    // no more, and knows the colours of the rest.
    const game = createHiddenGame({ db: app.db, seed: 'unused: a round exists', refreshMs: 0 });
    await game.start();
    expect(game.onPaint(1, pixelIdOf(X + 5, Y + 3), 3)).toBeNull();
    await expect(game.onPaint(1, pixelIdOf(X + 6, Y + 3), 4)).resolves.toMatchObject({ result: 'wrong' });
    expect(game.onPaint(1, pixelIdOf(X - 1, Y), 0)).toBeNull();
  });

  it.runIf(kind === 'postgres')('pays once when the paints reach two instances at once', async () => {
    const second = await startApp(store, config);
    try {
      const tokens = await Promise.all(Array.from({ length: 10 }, () => player()));
      const results = await Promise.all(
        tokens.map((t, i) => paint(i % 2 ? second.baseUrl : app.baseUrl, t, X + 9, Y + 4, 4)),
      );
      expect(results.every((r) => r.status === 200)).toBe(true);
      expect(results.filter((r) => r.body.hidden?.result === 'gotcha')).toHaveLength(1);
      const rows = await app.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM hidden_pixels WHERE pixel_id = $1 AND winner_id IS NOT NULL`,
        [pixelIdOf(X + 9, Y + 4)],
      );
      expect(rows[0]!.n).toBe(1);
      const rewards = await app.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM rewards WHERE source = 'hidden'",
      );
      expect(rewards[0]!.n).toBe(2);
    } finally {
      await second.stop();
    }
  });
});
