import { describe, expect, it } from 'vitest';
import type { WorkerMemory } from '../db/pglite-protocol.ts';
import { createMetrics } from './metrics.ts';

const MEMORY: WorkerMemory = {
  heapUsedBytes: 11_000_000,
  heapTotalBytes: 15_000_000,
  youngBytes: 1_048_576,
  externalBytes: 190_000_000,
  wasmBytes: 180_000_000,
};

describe('PGlite worker memory in the metrics', () => {
  it('reads the worker once per scrape and reports its heap and WASM memory', async () => {
    let calls = 0;
    const metrics = createMetrics({
      workerMemory: async () => {
        calls++;
        return { ...MEMORY, wasmBytes: MEMORY.wasmBytes + calls };
      },
    });
    const text = await metrics.registry.metrics();
    expect(calls).toBe(1);
    expect(text).toContain('pglite_worker_heap_used_bytes 11000000');
    expect(text).toContain('pglite_worker_heap_total_bytes 15000000');
    expect(text).toContain('pglite_worker_young_generation_bytes 1048576');
    expect(text).toContain('pglite_worker_external_bytes 190000000');
    expect(text).toContain('pglite_worker_wasm_memory_bytes 180000001');
    // The next scrape asks again rather than repeating the last answer.
    expect(await metrics.registry.metrics()).toContain('pglite_worker_wasm_memory_bytes 180000002');
    expect(calls).toBe(2);
  });

  it('still serves the scrape when the worker cannot answer', async () => {
    const metrics = createMetrics({ workerMemory: () => Promise.reject(new Error('database is closed')) });
    const text = await metrics.registry.metrics();
    expect(text).toContain('pixelwall_paints_total');
    expect(text).toMatch(/^pglite_worker_wasm_memory_bytes 0$/m);
  });

  it('has no worker gauges for a database without a worker thread', async () => {
    expect(await createMetrics({}).registry.metrics()).not.toContain('pglite_worker');
    expect(await createMetrics().registry.metrics()).not.toContain('pglite_worker');
  });
});

describe('the main thread in the metrics', () => {
  const value = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);

  it('counts the event loop busy and the main thread on the CPU while it computes', async () => {
    const metrics = createMetrics();
    const first = await metrics.registry.metrics();
    // Spin until this thread has had 50 ms of CPU, however busy the machine is.
    const start = process.threadCpuUsage();
    const cpuMs = () => {
      const d = process.threadCpuUsage(start);
      return (d.user + d.system) / 1000;
    };
    while (cpuMs() < 50) {
      // busy: neither waiting for I/O nor off the CPU by choice
    }
    const second = await metrics.registry.metrics();
    const busy = value(second, 'pixelwall_event_loop_busy_seconds_total');
    const cpu = value(second, 'pixelwall_main_thread_cpu_seconds_total');
    expect(busy - value(first, 'pixelwall_event_loop_busy_seconds_total')).toBeGreaterThanOrEqual(0.05);
    expect(cpu - value(first, 'pixelwall_main_thread_cpu_seconds_total')).toBeGreaterThanOrEqual(0.05);
  });

  it('does not count a wait on a timer as busy', async () => {
    const metrics = createMetrics();
    const first = value(await metrics.registry.metrics(), 'pixelwall_event_loop_busy_seconds_total');
    await new Promise((r) => setTimeout(r, 150));
    const second = value(await metrics.registry.metrics(), 'pixelwall_event_loop_busy_seconds_total');
    expect(second - first).toBeLessThan(0.1);
  });
});
