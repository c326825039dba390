import { PALETTE } from '@pixel-wall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestStore, dbKinds, type TestStore, telegramSignIn } from '../../testing/harness.ts';
import { ADMIN_ID, type PlayersTestApp, startPlayersApp } from '../profiles/test-app.ts';

const kinds = await dbKinds();

type ErrorBody = { error: { code: string } };
interface SquadInfo {
  id: number;
  name: string;
  slug: string;
  logo: string | null;
  players: number;
  scoredRepaints: number;
  totalRepaints: number;
  league: string;
  rank: number;
}

describe.each(kinds)('squads on %s', (kind) => {
  let store: TestStore;
  let t: PlayersTestApp;
  let admin: string;

  beforeAll(async () => {
    store = await createTestStore(kind);
    t = await startPlayersApp(store);
    admin = (await telegramSignIn(t.app.baseUrl, { id: ADMIN_ID, first_name: 'Ada' })).token;
  });
  afterAll(async () => {
    await t?.stop();
    await store?.dispose();
  });

  const create = (body: unknown, token = admin) =>
    api<SquadInfo & ErrorBody>(t.url, 'POST', '/api/v1/admin/squads', { token, body });

  async function paint(token: string, pixelId: number): Promise<void> {
    const r = await api(t.app.baseUrl, 'POST', '/api/v1/repaint/start', {
      token,
      body: { pixelId, newColor: PALETTE[2] },
    });
    expect(r.status).toBe(200);
  }

  it('lets admins create squads with a unique lower-case slug, and nobody else', async () => {
    const made = await create({ name: 'Red Army', slug: 'red-army', logo: 'https://cdn.example/red.png' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: 'Red Army',
      slug: 'red-army',
      logo: 'https://cdn.example/red.png',
      players: 0,
      scoredRepaints: 0,
      totalRepaints: 0,
      league: 'bronze',
      rank: 0,
    });
    const got = await api(t.url, 'GET', `/api/v1/squads/${made.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(made.body);

    const dup = await create({ name: 'Other', slug: 'red-army' });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('CONFLICT');
    for (const bad of [
      { name: 'x', slug: 'Red' },
      { name: 'x', slug: 'ab' },
      { name: 'x', slug: 'a'.repeat(33) },
      { name: 'x', slug: 'has space' },
      { name: '', slug: 'empty-name' },
      { name: 'n'.repeat(65), slug: 'long-name' },
      { name: 'x', slug: 'plain-http', logo: 'http://cdn.example/a.png' },
      { name: 'x', slug: 'js-logo', logo: 'javascript:alert(1)' },
      { name: 'x', slug: 'extra', unknown: 1 },
    ]) {
      const r = await create(bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await create({ name: 'No logo', slug: 'no_logo', logo: null })).status).toBe(201);

    const player = await telegramSignIn(t.app.baseUrl, { id: 5001, first_name: 'Pip' });
    const forbidden = await create({ name: 'Mine', slug: 'mine' }, player.token);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe('FORBIDDEN');
    expect(
      (await api(t.url, 'POST', '/api/v1/admin/squads', { body: { name: 'G', slug: 'guest' } })).status,
    ).toBe(401);
    expect((await api(t.url, 'GET', '/api/v1/squads/99999')).status).toBe(404);
  });

  it('keeps a player in one squad: joining another leaves the first, scored counts only while a member', async () => {
    const blue = (await create({ name: 'Blue', slug: 'blue' })).body;
    const green = (await create({ name: 'Green', slug: 'green' })).body;
    const sam = (await telegramSignIn(t.app.baseUrl, { id: 5010, first_name: 'Sam' })).token;
    const lee = (await telegramSignIn(t.app.baseUrl, { id: 5011, first_name: 'Lee' })).token;

    // Two repaints before any squad: they count for nobody's score.
    await paint(sam, 6001);
    await paint(sam, 6002);

    const joined = await api<SquadInfo>(t.url, 'POST', `/api/v1/squads/${blue.id}/join`, { token: sam });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ id: blue.id, players: 1, scoredRepaints: 0, totalRepaints: 2 });
    // The real app painted with Sam's profile cached: the join must reach that cache.
    await paint(sam, 6003);
    expect((await api<SquadInfo>(t.url, 'GET', `/api/v1/squads/${blue.id}`)).body).toMatchObject({
      players: 1,
      scoredRepaints: 1,
      totalRepaints: 3,
    });
    expect((await api(t.app.baseUrl, 'GET', '/api/v1/users/me', { token: sam })).body).toMatchObject({
      squad: { id: blue.id, slug: 'blue' },
    });
    expect((await api(t.url, 'POST', `/api/v1/squads/${blue.id}/join`, { token: lee })).status).toBe(200);
    await paint(lee, 6010);

    // Sam moves to Green: Blue keeps what Sam scored there, loses Sam's lifetime repaints.
    const moved = await api<SquadInfo>(t.url, 'POST', `/api/v1/squads/${green.id}/join`, { token: sam });
    expect(moved.body).toMatchObject({ id: green.id, players: 1, scoredRepaints: 0, totalRepaints: 3 });
    expect((await api<SquadInfo>(t.url, 'GET', `/api/v1/squads/${blue.id}`)).body).toMatchObject({
      players: 1,
      scoredRepaints: 2,
      totalRepaints: 1,
    });
    await paint(sam, 6004);
    expect((await api<SquadInfo>(t.url, 'GET', `/api/v1/squads/${green.id}`)).body).toMatchObject({
      scoredRepaints: 1,
      totalRepaints: 4,
    });
    // Joining the squad one is in changes nothing.
    const same = await api<SquadInfo>(t.url, 'POST', `/api/v1/squads/${green.id}/join`, { token: sam });
    expect(same.body).toMatchObject({ players: 1, totalRepaints: 4 });

    // Leave: no squad, the squad keeps its score; leaving twice is fine.
    expect((await api(t.url, 'POST', '/api/v1/squads/leave', { token: sam })).status).toBe(204);
    expect((await api(t.url, 'POST', '/api/v1/squads/leave', { token: sam })).status).toBe(204);
    expect((await api<SquadInfo>(t.url, 'GET', `/api/v1/squads/${green.id}`)).body).toMatchObject({
      players: 0,
      scoredRepaints: 1,
      totalRepaints: 0,
    });
    await paint(sam, 6005);
    expect((await api<SquadInfo>(t.url, 'GET', `/api/v1/squads/${green.id}`)).body).toMatchObject({
      scoredRepaints: 1,
    });
    expect((await api(t.app.baseUrl, 'GET', '/api/v1/users/me', { token: sam })).body).toMatchObject({
      squad: null,
    });

    const missing = await api<ErrorBody>(t.url, 'POST', '/api/v1/squads/99999/join', { token: sam });
    expect(missing.status).toBe(404);
    expect((await api(t.url, 'POST', `/api/v1/squads/${blue.id}/join`)).status).toBe(401);
  });

  it('ranks squads in their league once they score', async () => {
    const rows = await t.app.db.query<{ id: number }>("SELECT id FROM squads WHERE slug = 'blue'");
    await t.sync();
    const blue = await api<SquadInfo>(t.url, 'GET', `/api/v1/squads/${rows[0]!.id}`);
    expect(blue.body).toMatchObject({ league: 'bronze', rank: 1, scoredRepaints: 2 });
  });
});
