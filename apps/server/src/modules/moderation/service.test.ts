import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import type { ControlMessage } from '../../realtime/bus.ts';
import { createTestStore, dbKinds, type TestStore } from '../../testing/harness.ts';
import { createModerationService } from './service.ts';

const kinds = await dbKinds();

const ADMIN = 1;
const MOD = 2;
const PLAYER = 3;
const OTHER = 4;

interface LogRow {
  actor_id: number;
  target_id: number;
  action: string;
  role: string | null;
  reason: string | null;
  created_at: Date;
}

describe.each(kinds)('moderation service on %s', (kind) => {
  let store: TestStore;
  let db: Database;
  let revoked: number[];
  let published: ControlMessage[];

  const moderation = () =>
    createModerationService({
      db,
      tokens: { revokeUser: async (id) => void revoked.push(id) },
      caches: {
        forgetPlayer: async (userId, reason) => void published.push({ kind: 'forget', userId, reason }),
      },
      store: { set: async () => {} },
      isAdmin: (id) => id === ADMIN,
    });
  const logRows = () =>
    db.query<LogRow>(
      'SELECT actor_id, target_id, action, role, reason, created_at FROM moderation_log ORDER BY id',
    );
  const bannedAt = async (id: number) =>
    (await db.query<{ banned_at: Date | null }>('SELECT banned_at FROM users WHERE id = $1', [id]))[0]!
      .banned_at;

  beforeAll(async () => {
    store = await createTestStore(kind);
    db = await store.open();
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await store?.dispose();
  });
  beforeEach(async () => {
    revoked = [];
    published = [];
    await db.query('DELETE FROM moderation_log');
    await db.query('DELETE FROM users');
    for (const [id, name, role] of [
      [ADMIN, 'Ada', 'player'],
      [MOD, 'Mo', 'moderator'],
      [PLAYER, 'Pat', 'player'],
      [OTHER, 'Oli', 'moderator'],
    ] as const) {
      await db.query(
        'INSERT INTO users (id, first_name, role, charges, charges_updated_at) VALUES ($1, $2, $3, 5, 0)',
        [id, name, role],
      );
    }
  });

  it('a ban writes one log row with who, whom and when, in the transaction that bans', async () => {
    const before = Date.now();
    await moderation().ban(MOD, PLAYER, '  spam bot  ');
    const rows = await logRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_id: MOD,
      target_id: PLAYER,
      action: 'ban',
      role: null,
      reason: 'spam bot',
    });
    // now() is the transaction's start: equal times mean one transaction.
    expect(new Date(rows[0]!.created_at).getTime()).toBe(new Date((await bannedAt(PLAYER))!).getTime());
    expect(new Date(rows[0]!.created_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(revoked).toEqual([PLAYER]);
    expect(published).toEqual([{ kind: 'forget', userId: PLAYER, reason: 'ban' }]);
  });

  it('a ban that fails writes nothing and bans no one', async () => {
    // Past the route's 200-character bound, the log's CHECK fails after the UPDATE ran.
    await expect(moderation().ban(ADMIN, PLAYER, 'x'.repeat(201))).rejects.toThrow();
    expect(await bannedAt(PLAYER)).toBeNull();
    expect(await logRows()).toEqual([]);
    expect(revoked).toEqual([]);
    expect(published).toEqual([]);
    // Refused ones write nothing either.
    await expect(moderation().ban(PLAYER, OTHER)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(moderation().ban(MOD, OTHER)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(moderation().ban(MOD, ADMIN)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(moderation().ban(ADMIN, 999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await logRows()).toEqual([]);
  });

  it('logs only what changed: a second ban or an unban of a free player writes nothing', async () => {
    const m = moderation();
    await m.unban(MOD, PLAYER);
    await m.ban(MOD, PLAYER);
    await m.ban(ADMIN, PLAYER, 'again');
    await m.unban(ADMIN, PLAYER, 'appeal granted');
    await m.setRole(ADMIN, PLAYER, 'moderator');
    await m.setRole(ADMIN, PLAYER, 'moderator');
    expect((await logRows()).map((r) => [r.actor_id, r.action, r.role, r.reason])).toEqual([
      [MOD, 'ban', null, null],
      [ADMIN, 'unban', null, 'appeal granted'],
      [ADMIN, 'role', 'moderator', null],
    ]);
    const log = await m.log(ADMIN, { offset: 0, limit: 20, targetId: PLAYER });
    expect(log.total).toBe(3);
    expect(log.list[0]).toMatchObject({
      actor: { id: ADMIN, firstName: 'Ada' },
      target: { id: PLAYER, firstName: 'Pat' },
      action: 'role',
      role: 'moderator',
    });
  });

  it('knows staff from ADMIN_IDS and users.role; a banned moderator is no staff', async () => {
    const m = moderation();
    expect(await m.roleOf(ADMIN)).toBe('admin');
    expect(await m.isStaff(MOD)).toBe(true);
    expect(await m.isStaff(PLAYER)).toBe(false);
    await m.ban(ADMIN, OTHER);
    expect(await m.roleOf(OTHER)).toBe('player');
    await expect(m.ban(OTHER, PLAYER)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(m.setRole(ADMIN, ADMIN, 'player')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(m.setRole(MOD, PLAYER, 'moderator')).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
