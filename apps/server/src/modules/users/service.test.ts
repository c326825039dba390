import { describe, expect, it } from 'vitest';
import { createPlayerCaches } from '../../lib/player-caches.ts';
import { createUsersService } from './service.ts';

function fakeDb(banned: () => boolean) {
  let reads = 0;
  const db = {
    async query<T>(): Promise<T[]> {
      reads++;
      const row = banned() ? { banned_at: new Date() } : { banned_at: null };
      await new Promise((r) => setTimeout(r, 5));
      return [{ id: 1, first_name: 'P', username: null, photo_url: null, squad_id: null, ...row }] as T[];
    },
    transaction: () => {
      throw new Error('not used');
    },
  };
  return { db, reads: () => reads };
}

describe('the profile cache', () => {
  it('answers a burst on a cold cache with one read', async () => {
    const { db, reads } = fakeDb(() => false);
    const users = createUsersService({ db, adminIds: new Set(), startCharges: 5 });
    const all = await Promise.all(Array.from({ length: 50 }, () => users.profile(1)));
    expect(all.every((p) => p?.id === 1)).toBe(true);
    expect(reads()).toBe(1);
  });

  it('does not hand out or keep a read that began before the player was forgotten', async () => {
    let banned = false;
    const { db, reads } = fakeDb(() => banned);
    const caches = createPlayerCaches();
    const users = createUsersService({ db, adminIds: new Set(), startCharges: 5, caches });
    const early = users.profile(1);
    banned = true;
    await caches.forgetPlayer(1, 'ban');
    const late = users.profile(1);
    expect((await early)?.banned).toBe(false);
    expect((await late)?.banned).toBe(true);
    expect((await users.profile(1))?.banned).toBe(true);
    expect(reads()).toBe(2);
  });
});
