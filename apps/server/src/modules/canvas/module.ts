/**
 * The canvas: paints (HTTP and the websocket's repaint), the snapshots of the wall (WebP and raw,
 * cached at the hub's sequence, dropped when a snap rewrites the wall) and the history stats.
 */
import { promisify } from 'node:util';
import { deflateRaw } from 'node:zlib';
import type { historyStatsSchema } from '@pixel-wall/shared';
import type { z } from 'zod';
import { serverModule } from '../../app/module.ts';
import type { Bus } from '../../realtime/bus.ts';
import { registerCanvasRoutes } from './routes.ts';
import { type CanvasServiceDeps, createCanvasService } from './service.ts';
import { createSnapshotCache, encodeWebp, type Snapshot } from './snapshot.ts';

const deflateRawAsync = promisify(deflateRaw);

export interface CanvasModuleDeps extends CanvasServiceDeps {
  bus: Bus;
  /** the sequence of the last frame the hub relayed: a snapshot carries it */
  seq(): number;
  /** SNAPSHOT_MAX_AGE_MS */
  snapshotMaxAgeMs: number;
  /** a WebP snapshot was encoded in this many ms */
  onEncoded?(ms: number): void;
  historyStats(): Promise<z.infer<typeof historyStatsSchema>>;
}

export function createCanvasModule(deps: CanvasModuleDeps) {
  const canvas = createCanvasService(deps);
  const source = { seq: deps.seq, canvas: () => deps.engine.canvas() };
  const snapshots = {
    webp: createSnapshotCache({
      source,
      encode: encodeWebp,
      maxAgeMs: deps.snapshotMaxAgeMs,
      onEncoded: (s) => deps.onEncoded?.(s.encodeMs),
    }),
    raw: createSnapshotCache({
      source,
      encode: (indices) => deflateRawAsync(indices),
      maxAgeMs: deps.snapshotMaxAgeMs,
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
