import { describe, expect, it } from 'vitest';
import { memoryLimitBytes, WASM_TIER_UP_MIN_BYTES, wasmTierUp } from './memory-limit.ts';

const GiB = 1024 ** 3;
const files =
  (map: Record<string, string>) =>
  (file: string): string | null =>
    map[file] ?? null;

describe('memory limit', () => {
  it("is the machine's memory when no cgroup caps it", () => {
    expect(memoryLimitBytes(files({}), 24 * GiB)).toBe(24 * GiB);
    expect(memoryLimitBytes(files({ '/sys/fs/cgroup/memory.max': 'max\n' }), 24 * GiB)).toBe(24 * GiB);
    // cgroup v1 says "no limit" with a number far above the machine's memory
    expect(
      memoryLimitBytes(
        files({ '/sys/fs/cgroup/memory/memory.limit_in_bytes': '9223372036854771712\n' }),
        24 * GiB,
      ),
    ).toBe(24 * GiB);
  });

  it("is a container's cap, v2 or v1, when lower", () => {
    expect(memoryLimitBytes(files({ '/sys/fs/cgroup/memory.max': '536870912\n' }), 24 * GiB)).toBe(
      512 * 1024 ** 2,
    );
    expect(
      memoryLimitBytes(files({ '/sys/fs/cgroup/memory/memory.limit_in_bytes': '805306368' }), 24 * GiB),
    ).toBe(768 * 1024 ** 2);
  });
});

describe('DB_WASM_TIER_UP', () => {
  it('auto: the optimising compiler from 1 GiB up, baseline code below (a 512 MiB VPS)', () => {
    expect(wasmTierUp('auto', () => 512 * 1024 ** 2)).toBe(false);
    expect(wasmTierUp('auto', () => WASM_TIER_UP_MIN_BYTES - 1)).toBe(false);
    expect(wasmTierUp('auto', () => WASM_TIER_UP_MIN_BYTES)).toBe(true);
    expect(wasmTierUp('auto', () => 24 * GiB)).toBe(true);
  });

  it('on and off are taken as said, whatever the memory', () => {
    expect(wasmTierUp('on', () => 256 * 1024 ** 2)).toBe(true);
    expect(wasmTierUp('off', () => 24 * GiB)).toBe(false);
  });
});
