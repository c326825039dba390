/**
 * The canvas: paints (HTTP and the websocket's repaint), the snapshots of the wall (WebP and raw,
 * cached at the hub's sequence, dropped when a snap rewrites the wall) and the history stats.
 */
import { promisify } from 'node:util';
import { deflateRaw } from 'node:zlib';
import type { historyStatsSchema } from '@pixel-wall/shared';
import type { z } from 'zod';
import { serverModule } from '../../app/module.ts';
import type { Config } from '../../config.ts';
import type { Metrics } from '../../lib/metrics.ts';
import type { Bus } from '../../realtime/bus.ts';
import { registerCanvasRoutes } from './routes.ts';
import { type CanvasServiceDeps, createCanvasService } from './service.ts';
import { createSnapshotCache, encodeWebp, type Snapshot } from './snapshot.ts';

const deflateRawAsync = promisify(deflateRaw);

export interface CanvasModuleDeps extends Omit<CanvasServiceDeps, 'paintsPerSecond' | 'prefix' | 'metrics'> {
  bus: Bus;
  config: Pick<Config, 'snapshotMaxAgeMs' | 'redisPrefix'> & {
    rateLimits: Pick<Config['rateLimits'], 'paintsPerSecond'>;
  };
  /** paints counted, WebP encode times */
  metrics?: Pick<Metrics, 'paint' | 'snapshot'>;
  /** the sequence of the last frame the hub relayed: a snapshot carries it */
  seq(): number;
  historyStats(): Promise<z.infer<typeof historyStatsSchema>>;
}

export function createCanvasModule(deps: CanvasModuleDeps) {
  const { config, metrics } = deps;
  const canvas = createCanvasService({
    ...deps,
    paintsPerSecond: config.rateLimits.paintsPerSecond,
    prefix: config.redisPrefix,
    metrics: metrics?.paint,
  });
  const source = { seq: deps.seq, canvas: () => deps.engine.canvas() };
  const snapshots = {
    webp: createSnapshotCache({
      source,
      encode: encodeWebp,
      maxAgeMs: config.snapshotMaxAgeMs,
      onEncoded: (s) => metrics?.snapshot(s.encodeMs),
    }),
    raw: createSnapshotCache({
      source,
      encode: (indices) => deflateRawAsync(indices),
      maxAgeMs: config.snapshotMaxAgeMs,
    }),
  };
  // A snap rewrites the wall on every instance: each one drops its snapshot copy.
  const unsubscribe = deps.bus.subscribe({
    event: (event) => {
      if (event.kind !== 'snap') return;
      snapshots.webp.invalidate();
      snapshots.raw.invalidate();
    },
  });
  const snapshot = (format: 'webp' | 'raw', minSeq: number): Promise<Snapshot> =>
    snapshots[format].get(minSeq);

  return serverModule({
    name: 'canvas',
    canvas,
    snapshot,
    /** The websocket's calls (the hub's rpc): a repaint, and the canvas at least as new as `minSeq`. */
    rpc: {
      repaint: (userId: number, pixelId: number, color: number) => canvas.repaint(userId, pixelId, color),
      canvas: async (minSeq: number) => {
        const s = await snapshot('webp', minSeq);
        return { seq: s.seq, image: s.body };
      },
    },
    register: (app) => registerCanvasRoutes(app, { canvas, snapshot, historyStats: deps.historyStats }),
    stop: () => unsubscribe(),
  });
}
