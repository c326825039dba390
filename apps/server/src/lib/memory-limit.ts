/**
 * How much memory this process may use: the machine's, or less where a container's cgroup caps it
 * (cgroup v2 `memory.max`, v1 `memory.limit_in_bytes`). Read once at start to pick defaults that
 * must not run a small machine out of memory.
 */
import fs from 'node:fs';
import os from 'node:os';

const CGROUP_LIMITS = ['/sys/fs/cgroup/memory.max', '/sys/fs/cgroup/memory/memory.limit_in_bytes'];

export function memoryLimitBytes(
  read: (file: string) => string | null = readOrNull,
  total: number = os.totalmem(),
): number {
  let limit = total;
  for (const file of CGROUP_LIMITS) {
    const text = read(file)?.trim();
    // "max" (v2) or a huge number (v1's "no limit") leave the machine's own size.
    if (!text || !/^\d+$/.test(text)) continue;
    const bytes = Number(text);
    if (bytes > 0 && bytes < limit) limit = bytes;
  }
  return limit;
}

function readOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** DB_WASM_TIER_UP's `auto`: V8's optimising compiler for postgres's WebAssembly from 1 GiB up. */
export const WASM_TIER_UP_MIN_BYTES = 1024 * 1024 * 1024;

export function wasmTierUp(
  setting: 'auto' | 'on' | 'off',
  limitBytes: () => number = memoryLimitBytes,
): boolean {
  if (setting === 'auto') return limitBytes() >= WASM_TIER_UP_MIN_BYTES;
  return setting === 'on';
}
