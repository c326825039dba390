import type { ModerationLog } from '@pixel-wall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestStore, dbKinds, type TestStore, telegramSignIn } from '../../testing/harness.ts';
import { ADMIN_ID, type PlayersTestApp, startPlayersApp } from '../profiles/test-app.ts';

const kinds = await dbKinds();

type ErrorBody = { error: { code: string } };

describe.each(kinds)('roles and the moderation log on %s', (kind) => {
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

  const put = (path: string, token: string, body?: unknown) =>
    api<ErrorBody>(t.url, 'PUT', `/api/v1/admin/${path}`, { token, body });
  const roleOf = async (token: string) =>
    (await api<{ role: string }>(t.url, 'GET', '/api/v1/admin/me', { token })).body.role;

  it('a moderator made by an admin can ban and unban players, but not change roles or read the log', async () => {
    const mo = (await telegramSignIn(t.app.baseUrl, { id: 5001, first_name: 'Mo' })).token;
    await telegramSignIn(t.app.baseUrl, { id: 5002, first_name: 'Pat' });
    const oli = (await telegramSignIn(t.app.baseUrl, { id: 5003, first_name: 'Oli' })).token;
    expect(await roleOf(mo)).toBe('player');
    expect(await roleOf(admin)).toBe('admin');
    expect((await put('ban/5002', mo)).status).toBe(403);

    expect((await put('role/5001', admin, { role: 'moderator', reason: 'trusted' })).status).toBe(204);
    expect((await put('role/5003', admin, { role: 'moderator' })).status).toBe(204);
    expect(await roleOf(mo)).toBe('moderator');
    const me = await api<{ isAdmin: boolean }>(t.app.baseUrl, 'GET', '/api/v1/users/me', { token: mo });
    expect(me.body.isAdmin).toBe(false);

    expect((await put('ban/5002', mo, { reason: 'griefing the logo' })).status).toBe(204);
    expect((await put('unban/5002', mo)).status).toBe(204);
    // Not over their peers or admins, not roles, not the log.
    const peer = await put('ban/5003', mo);
    expect([peer.status, peer.body.error.code]).toEqual([403, 'FORBIDDEN']);
    expect((await put(`ban/${ADMIN_ID}`, mo)).status).toBe(403);
    expect((await put('role/5002', mo, { role: 'moderator' })).status).toBe(403);
    expect((await api(t.url, 'GET', '/api/v1/admin/log', { token: mo })).status).toBe(403);
    // A player neither (signed in again: the ban closed Pat's sessions).
    const back = (await telegramSignIn(t.app.baseUrl, { id: 5002, first_name: 'Pat' })).token;
    expect((await put('role/5002', back, { role: 'admin' })).status).toBe(403);
    expect((await api(t.url, 'GET', '/api/v1/admin/log', { token: back })).status).toBe(403);
    expect(await roleOf(back)).toBe('player');
    expect((await api(t.url, 'GET', '/api/v1/admin/log')).status).toBe(401);
    expect(await roleOf(oli)).toBe('moderator');

    const log = await api<ModerationLog>(t.url, 'GET', '/api/v1/admin/log?targetId=5002', { token: admin });
    expect(log.status).toBe(200);
    expect(log.body.total).toBe(2);
    expect(log.body.list.map((e) => [e.actor, e.target, e.action, e.reason])).toEqual([
      [{ id: 5001, firstName: 'Mo' }, { id: 5002, firstName: 'Pat' }, 'unban', null],
      [{ id: 5001, firstName: 'Mo' }, { id: 5002, firstName: 'Pat' }, 'ban', 'griefing the logo'],
    ]);
    expect(Date.parse(log.body.list[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const all = await api<ModerationLog>(t.url, 'GET', '/api/v1/admin/log?limit=1&offset=2', {
      token: admin,
    });
    expect(all.body.total).toBe(4);
    expect(all.body.list).toHaveLength(1);
    expect(all.body.list[0]).toMatchObject({
      actor: { id: ADMIN_ID, firstName: 'Ada' },
      target: { id: 5003 },
      action: 'role',
      role: 'moderator',
      reason: null,
    });
  });

  it('ADMIN_IDS admins cannot be demoted; admins by role can change roles', async () => {
    const kay = (await telegramSignIn(t.app.baseUrl, { id: 5010, first_name: 'Kay' })).token;
    await telegramSignIn(t.app.baseUrl, { id: 5011, first_name: 'Lou' });
    expect((await put(`role/${ADMIN_ID}`, admin, { role: 'player' })).status).toBe(403);
    expect((await put('role/5010', admin, { role: 'admin' })).status).toBe(204);
    const me = await api<{ isAdmin: boolean }>(t.app.baseUrl, 'GET', '/api/v1/users/me', { token: kay });
    expect(me.body.isAdmin).toBe(true);
    expect((await put(`role/${ADMIN_ID}`, kay, { role: 'moderator' })).status).toBe(403);
    expect((await put('role/5011', kay, { role: 'moderator' })).status).toBe(204);
    expect((await api(t.url, 'GET', '/api/v1/admin/log', { token: kay })).status).toBe(200);
    // An admin by role may not ban an ADMIN_IDS admin either.
    expect((await put(`ban/${ADMIN_ID}`, kay)).status).toBe(403);
    expect((await put('role/5010', admin, { role: 'player' })).status).toBe(204);
    expect(await roleOf(kay)).toBe('player');
    expect((await put('role/5011', kay, { role: 'player' })).status).toBe(403);
  });

  it('admins by role pass every staff route that ADMIN_IDS admins pass; players do not', async () => {
    const rue = (await telegramSignIn(t.app.baseUrl, { id: 5030, first_name: 'Rue' })).token;
    const pip = (await telegramSignIn(t.app.baseUrl, { id: 5031, first_name: 'Pip' })).token;
    expect((await put('role/5030', admin, { role: 'admin' })).status).toBe(204);
    expect(await roleOf(rue)).toBe('admin');
    const squad = (token: string, slug: string) =>
      api<ErrorBody>(t.url, 'POST', '/api/v1/admin/squads', {
        token,
        body: { name: slug, slug, logo: null },
      });
    const clearWorld = (token: string) =>
      api<ErrorBody>(t.app.baseUrl, 'DELETE', '/api/v1/admin/template/world', { token });
    const nftReview = (token: string) =>
      api<ErrorBody>(t.app.baseUrl, 'GET', '/api/v1/nft/review', { token });

    expect((await squad(rue, 'rue_squad')).status).toBe(201);
    expect((await clearWorld(rue)).status).toBe(204);
    expect((await nftReview(rue)).status).toBe(200);
    expect((await squad(admin, 'ada_squad')).status).toBe(201);
    expect((await clearWorld(admin)).status).toBe(204);
    for (const res of [await squad(pip, 'pip_squad'), await clearWorld(pip), await nftReview(pip)]) {
      expect([res.status, res.body.error.code]).toEqual([403, 'FORBIDDEN']);
    }
    expect((await squad('', 'nobody_squad')).status).toBe(401);
  });

  it('checks the bodies and the query', async () => {
    await telegramSignIn(t.app.baseUrl, { id: 5020, first_name: 'Max' });
    for (const [path, body] of [
      ['ban/5020', { reason: 'x'.repeat(201) }],
      ['ban/5020', { reason: 'ok', extra: 1 }],
      ['unban/5020', { reason: 42 }],
      ['role/5020', { role: 'owner' }],
      ['role/5020', {}],
    ] as const) {
      expect((await put(path, admin, body)).status, `${path} ${JSON.stringify(body)}`).toBe(400);
    }
    expect((await put('role/777777', admin, { role: 'moderator' })).status).toBe(404);
    for (const q of ['limit=0', 'limit=101', 'offset=-1', 'targetId=0', 'targetId=x', 'other=1']) {
      expect((await api(t.url, 'GET', `/api/v1/admin/log?${q}`, { token: admin })).status, q).toBe(400);
    }
  });
});
