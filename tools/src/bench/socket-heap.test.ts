import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { expect, it } from 'vitest';
import { tallyHeapSnapshot } from './socket-heap.ts';

class HeapTallyMarker {
  constructor(readonly n: number) {}
}

it('tallies a real heap snapshot by constructor, with self sizes', () => {
  const kept = Array.from({ length: 2000 }, (_, i) => new HeapTallyMarker(i));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-heap-tally-'));
  try {
    const file = v8.writeHeapSnapshot(path.join(dir, 'h.heapsnapshot'));
    const tally = tallyHeapSnapshot(fs.readFileSync(file, 'utf8'));
    const [count, bytes] = tally.byKind.get('object:HeapTallyMarker') ?? [0, 0];
    expect(count).toBe(2000);
    // a header and one in-object field at least: more than 8 bytes each
    expect(bytes / count).toBeGreaterThan(8);
    expect(tally.total).toBeGreaterThan(bytes);
    expect(kept.length).toBe(2000);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
