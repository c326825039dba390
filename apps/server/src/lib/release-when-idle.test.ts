import { describe, expect, it } from 'vitest';
import { youngGenerationBytes } from './collect-garbage.ts';
import { releaseWhenIdle } from './release-when-idle.ts';

const MiB = 1024 * 1024;

/** A release driven by hand: each check reads the next utilisation, the young size is set. */
function driven(young: number) {
  const state = { young, busy: 0, releases: 0, told: [] as { youngBefore: number; youngAfter: number }[] };
  const idle = releaseWhenIdle({
    checkMs: 60_000,
    utilization: () => state.busy,
    youngBytes: () => state.young,
    release: () => {
      state.releases++;
      state.young = 1 * MiB;
    },
    onRelease: ({ youngBefore, youngAfter }) => state.told.push({ youngBefore, youngAfter }),
  });
  return { state, idle };
}

describe('releaseWhenIdle', () => {
  it('hands a grown young generation back after two quiet checks, and says what it freed', () => {
    const { state, idle } = driven(8 * MiB);
    state.young = 32 * MiB;
    idle.check();
    expect(state.releases).toBe(0);
    idle.check();
    expect(state.releases).toBe(1);
    expect(state.told).toEqual([{ youngBefore: 32 * MiB, youngAfter: 1 * MiB }]);
    // Nothing grew since: no second pause.
    idle.check();
    idle.check();
    expect(state.releases).toBe(1);
    idle.stop();
  });

  it('never pauses a busy loop, and counts quiet checks from the last busy one', () => {
    const { state, idle } = driven(8 * MiB);
    state.young = 64 * MiB;
    state.busy = 0.1;
    for (let i = 0; i < 5; i++) idle.check();
    expect(state.releases).toBe(0);
    state.busy = 0;
    idle.check();
    state.busy = 0.05;
    idle.check();
    state.busy = 0.01;
    idle.check();
    expect(state.releases).toBe(0);
    idle.check();
    expect(state.releases).toBe(1);
    idle.stop();
  });

  it('leaves a young generation that has not doubled', () => {
    const { state, idle } = driven(8 * MiB);
    state.young = 15 * MiB;
    for (let i = 0; i < 5; i++) idle.check();
    expect(state.releases).toBe(0);
    state.young = 16 * MiB;
    idle.check();
    expect(state.releases).toBe(1);
    idle.stop();
  });

  it('measures from where V8 shrank it on its own', () => {
    const { state, idle } = driven(32 * MiB);
    state.young = 4 * MiB;
    idle.check();
    state.young = 8 * MiB;
    idle.check();
    expect(state.releases).toBe(1);
    idle.stop();
  });

  it('reads the real young generation, and runs a real collection by default', () => {
    expect(youngGenerationBytes()).toBeGreaterThan(0);
    const told: number[] = [];
    const idle = releaseWhenIdle({
      checkMs: 60_000,
      utilization: () => 0,
      youngBytes: () => 0,
      onRelease: ({ durationMs }) => told.push(durationMs),
    });
    idle.check();
    idle.check();
    expect(told).toHaveLength(1);
    expect(told[0]).toBeGreaterThan(0);
    idle.stop();
  });
});
