import { describe, expect, it } from 'vitest';
import { type ControlMessage, createMemoryBus } from '../realtime/bus.ts';
import { createPlayerCaches } from './player-caches.ts';

describe('player caches', () => {
  it('drops a player from every registered cache on every instance with one bus message', async () => {
    const bus = createMemoryBus();
    const sent: ControlMessage[] = [];
    bus.subscribe({ control: (m) => void sent.push(m) });
    const here = createPlayerCaches({ bus });
    const there = createPlayerCaches({ bus });
    const dropped: string[] = [];
    here.register('roles', (id) => void dropped.push(`here roles ${id}`));
    here.register('profiles', (id) => void dropped.push(`here profiles ${id}`));
    there.register('roles', (id) => void dropped.push(`there roles ${id}`));
    expect(here.names).toEqual(['roles', 'profiles']);

    await here.forgetPlayer(7, 'role');
    expect(sent).toEqual([{ kind: 'forget', userId: 7, reason: 'role' }]);
    expect(dropped).toContain('there roles 7');
    expect(dropped.filter((d) => d.startsWith('here')).sort()).toEqual([
      'here profiles 7',
      'here profiles 7',
      'here roles 7',
      'here roles 7',
    ]);
  });

  it('refuses two caches of one name, and tells a load whether a forget came in between', async () => {
    const caches = createPlayerCaches();
    const off = caches.register('boosts', () => {});
    expect(() => caches.register('boosts', () => {})).toThrow(/registered already/);
    off();
    caches.register('boosts', () => {});
    const stamp = caches.epoch();
    expect(caches.current(stamp)).toBe(true);
    await caches.forgetPlayer(1, 'squad');
    expect(caches.current(stamp)).toBe(false);
  });

  it('keeps dropping from the other caches when one throws', () => {
    const caches = createPlayerCaches({ log: { warn: () => {} } });
    const dropped: number[] = [];
    caches.register('broken', () => {
      throw new Error('broken');
    });
    caches.register('fine', (id) => void dropped.push(id));
    caches.dropLocal(3);
    expect(dropped).toEqual([3]);
  });
});
