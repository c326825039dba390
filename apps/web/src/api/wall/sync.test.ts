import {
  applySnap,
  CANVAS_PIXELS,
  decodeClientRpc,
  encodeCanvasResult,
  encodeEvent,
  encodeHello,
  encodeJsonResult,
  encodePixelBody,
  encodePixelsFrame,
  paletteIndexOf,
  RpcType,
  snapPixelIds,
  type WallEvent,
} from '@pixel-wall/shared';
import { describe, expect, it, vi } from 'vitest';
import { createPixelStore } from '../../canvas/index.ts';
import { createWallSync, type Snapshot, type SocketLike } from './sync.ts';

class FakeSocket implements SocketLike {
  binaryType = 'blob';
  readyState = 1;
  sent: Uint8Array[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number; reason: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  send(data: Uint8Array) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  push(frame: Uint8Array) {
    this.onmessage?.({ data: frame.slice().buffer });
  }
}

const SNAP: WallEvent = {
  kind: 'snap',
  user: { id: 1, firstName: 'Thanos', userPic: null },
  pixelId: 1,
  seed: 77,
  percentage: 50,
  color: '#FF4500',
};

const flush = () => new Promise((r) => setTimeout(r, 0));
const batch = (seq: number, changes: [number, number][]) =>
  encodePixelsFrame(seq, encodePixelBody(changes.map(([pixelId, color]) => ({ pixelId, color }))), false);

function setup(
  snapshotAt: (after: number) => Snapshot,
  extra: Partial<Parameters<typeof createWallSync>[0]> = {},
) {
  const store = createPixelStore();
  const sockets: FakeSocket[] = [];
  const fetchSnapshot = vi.fn(async (after: number) => snapshotAt(after));
  const sync = createWallSync({
    ...extra,
    store,
    url: () => 'ws://test/ws',
    openSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    fetchSnapshot,
    inflate: async (b) => b,
  });
  return { store, sockets, fetchSnapshot, sync };
}

function canvasWith(changes: [number, number][]): Uint8Array {
  const c = new Uint8Array(CANVAS_PIXELS);
  for (const [id, color] of changes) c[id - 1] = color;
  return c;
}

describe('wall sync', () => {
  it('fetches a snapshot at least as new as the hello and replays newer buffered batches', async () => {
    const { store, sockets, fetchSnapshot, sync } = setup((after) => ({
      seq: after + 1,
      indices: canvasWith([[5, 3]]),
    }));
    sync.start();
    const ws = sockets[0]!;
    ws.push(encodeHello(10, false, 1));
    ws.push(batch(11, [[5, 3]])); // already in the snapshot
    ws.push(batch(12, [[6, 4]]));
    await flush();
    await flush();
    expect(fetchSnapshot).toHaveBeenCalledWith(10, expect.anything());
    expect(store.seq).toBe(12);
    expect(store.indices[4]).toBe(3);
    expect(store.indices[5]).toBe(4);
    expect(sync.status).toBe('live');
  });

  it("repaints a Pixanos' Snap in sequence from its seed, exactly as applySnap", async () => {
    const { store, sockets, fetchSnapshot, sync } = setup(() => ({ seq: 10, indices: canvasWith([[5, 3]]) }));
    sync.start();
    const ws = sockets[0]!;
    ws.push(encodeHello(10, false, 1));
    await flush();
    ws.push(batch(11, [[7, 2]]));
    ws.push(encodeEvent({ ...SNAP, seq: 12 }));
    ws.push(batch(13, [[snapPixelIds(77, 50)[0]!, 4]]));
    await flush();
    await flush();
    const want = canvasWith([
      [5, 3],
      [7, 2],
    ]);
    applySnap(want, 77, 50, paletteIndexOf('#FF4500'));
    want[snapPixelIds(77, 50)[0]! - 1] = 4;
    expect(store.seq).toBe(13);
    expect(Buffer.compare(Buffer.from(store.indices), Buffer.from(want))).toBe(0);
    expect(fetchSnapshot).toHaveBeenCalledTimes(1);
  });

  it('a snap after missed batches is a gap: the snapshot is fetched again', async () => {
    const { store, sockets, fetchSnapshot, sync } = setup((after) => ({
      seq: after,
      indices: canvasWith([]),
    }));
    sync.start();
    const ws = sockets[0]!;
    ws.push(encodeHello(10, false, 1));
    await flush();
    ws.push(encodeEvent({ ...SNAP, seq: 14 }));
    await flush();
    await flush();
    expect(fetchSnapshot).toHaveBeenLastCalledWith(13, expect.anything());
    expect(store.seq).toBe(14);
  });

  it('refetches the snapshot on a gap', async () => {
    let serverSeq = 3;
    const { store, sockets, fetchSnapshot, sync } = setup(() => ({
      seq: serverSeq,
      indices: canvasWith([[9, 2]]),
    }));
    sync.start();
    const ws = sockets[0]!;
    ws.push(encodeHello(3, false, 1));
    await flush();
    expect(store.seq).toBe(3);
    serverSeq = 6;
    ws.push(batch(6, [[9, 2]])); // 4 and 5 were lost
    await flush();
    await flush();
    expect(fetchSnapshot).toHaveBeenCalledTimes(2);
    expect(store.seq).toBe(6);
  });

  it('pipelines repaint RPCs by request id', async () => {
    const { sockets, sync } = setup(() => ({ seq: 0, indices: new Uint8Array(CANVAS_PIXELS) }));
    sync.start();
    const ws = sockets[0]!;
    const a = sync.repaint(100, 4);
    const b = sync.repaint(101, 5);
    const [ra, rb] = ws.sent.map((s) => decodeClientRpc(s));
    expect(ra).toMatchObject({ rpc: RpcType.Repaint, pixelId: 100, color: 4 });
    expect(rb).toMatchObject({ rpc: RpcType.Repaint, pixelId: 101, color: 5 });
    if (!ra || 'error' in ra || !rb || 'error' in rb) throw new Error('bad rpc');
    ws.push(encodeJsonResult(rb.requestId, false, { code: 'NO_CHARGES', message: 'none' }));
    ws.push(encodeJsonResult(ra.requestId, true, { success: true, charges: 4 }));
    await expect(a).resolves.toMatchObject({ charges: 4 });
    await expect(b).rejects.toMatchObject({ code: 'NO_CHARGES' });
  });

  it('reconnects after the socket closes, and fails RPCs in flight', async () => {
    vi.useFakeTimers();
    try {
      const { sockets, sync } = setup(() => ({ seq: 0, indices: new Uint8Array(CANVAS_PIXELS) }));
      sync.start();
      const p = sync.repaint(1, 1);
      sockets[0]!.onclose?.({ code: 1006, reason: '' });
      await expect(p).rejects.toMatchObject({ code: 'UNAVAILABLE' });
      expect(sync.status).toBe('offline');
      await vi.advanceTimersByTimeAsync(20_000);
      expect(sockets).toHaveLength(2);
      sync.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  describe('the canvas through the socket (canvas:main)', () => {
    /** The canvas RPCs the client sent on `ws`, by request id. */
    const canvasRequests = (ws: FakeSocket) =>
      ws.sent.flatMap((frame) => {
        const rpc = decodeClientRpc(frame);
        return rpc && !('error' in rpc) && rpc.rpc === RpcType.CanvasMain ? [rpc.requestId] : [];
      });
    /** The "webp" of these tests: the palette indices themselves, decoded by copying. */
    const decodeCanvas = vi.fn(async (image: Uint8Array) => image.slice());

    it('asks the socket for the canvas after the hello and replays the batches after its sequence', async () => {
      decodeCanvas.mockClear();
      const { store, sockets, fetchSnapshot, sync } = setup(() => ({ seq: 0, indices: canvasWith([]) }), {
        decodeCanvas,
      });
      sync.start();
      const ws = sockets[0]!;
      ws.push(encodeHello(10, false, 1));
      await flush();
      const [requestId] = canvasRequests(ws);
      expect(requestId).toBeDefined();
      expect(sync.status).toBe('syncing');
      ws.push(batch(12, [[5, 2]])); // already in the canvas below
      ws.push(batch(13, [[6, 4]]));
      ws.push(encodeCanvasResult(requestId!, 12, canvasWith([[5, 2]])));
      await flush();
      await flush();
      expect(decodeCanvas).toHaveBeenCalledTimes(1);
      expect(fetchSnapshot).not.toHaveBeenCalled();
      expect(store.seq).toBe(13);
      expect(store.indices[4]).toBe(2);
      expect(store.indices[5]).toBe(4);
      expect(sync.status).toBe('live');
    });

    it('falls back to HTTP when the RPC answers with an error', async () => {
      const { store, sockets, fetchSnapshot, sync } = setup(
        (after) => ({ seq: after, indices: canvasWith([[7, 1]]) }),
        { decodeCanvas },
      );
      sync.start();
      const ws = sockets[0]!;
      ws.push(encodeHello(4, false, 1));
      await flush();
      ws.push(encodeJsonResult(canvasRequests(ws)[0]!, false, { code: 'INTERNAL', message: 'no' }));
      await flush();
      await flush();
      expect(fetchSnapshot).toHaveBeenCalledWith(4, expect.anything());
      expect(store.seq).toBe(4);
      expect(store.indices[6]).toBe(1);
      expect(sync.status).toBe('live');
    });

    it('falls back to HTTP when the webp cannot be decoded', async () => {
      const { store, sockets, fetchSnapshot, sync } = setup(
        (after) => ({ seq: after, indices: canvasWith([]) }),
        {
          decodeCanvas: async () => {
            throw new Error('not a webp');
          },
        },
      );
      sync.start();
      const ws = sockets[0]!;
      ws.push(encodeHello(2, false, 1));
      await flush();
      ws.push(encodeCanvasResult(canvasRequests(ws)[0]!, 2, new Uint8Array(3)));
      await flush();
      await flush();
      expect(fetchSnapshot).toHaveBeenCalledTimes(1);
      expect(store.seq).toBe(2);
    });

    it('on a gap, a canvas older than the gap is not used: HTTP is asked for one at least that new', async () => {
      let serverSeq = 3;
      const { store, sockets, fetchSnapshot, sync } = setup(
        () => ({ seq: serverSeq, indices: canvasWith([[9, 2]]) }),
        { decodeCanvas },
      );
      sync.start();
      const ws = sockets[0]!;
      ws.push(encodeHello(3, false, 1));
      await flush();
      ws.push(encodeCanvasResult(canvasRequests(ws)[0]!, 3, canvasWith([])));
      await flush();
      await flush();
      expect(store.seq).toBe(3);
      serverSeq = 6;
      ws.push(batch(6, [[9, 2]])); // 4 and 5 were lost
      await flush();
      // the socket's canvas is still at the hello's sequence: too old to cover the gap
      ws.push(encodeCanvasResult(canvasRequests(ws)[1]!, 3, canvasWith([])));
      await flush();
      await flush();
      expect(fetchSnapshot).toHaveBeenCalledWith(5, expect.anything());
      expect(store.seq).toBe(6);
      expect(store.indices[8]).toBe(2);
    });

    it('retries after 2 s × the attempt when both the socket and HTTP fail', async () => {
      vi.useFakeTimers();
      try {
        let failures = 2;
        const { store, sockets, fetchSnapshot, sync } = setup(
          (after) => {
            if (failures-- > 0) throw new Error('HTTP 503');
            return { seq: after, indices: canvasWith([]) };
          },
          { decodeCanvas, rpcTimeoutMs: 100 },
        );
        sync.start();
        const ws = sockets[0]!;
        ws.push(encodeHello(8, false, 1));
        await vi.advanceTimersByTimeAsync(100); // the RPC times out, then HTTP fails
        expect(fetchSnapshot).toHaveBeenCalledTimes(1);
        await vi.advanceTimersByTimeAsync(1_999);
        expect(canvasRequests(ws)).toHaveLength(1);
        await vi.advanceTimersByTimeAsync(1 + 100);
        expect(canvasRequests(ws)).toHaveLength(2);
        expect(fetchSnapshot).toHaveBeenCalledTimes(2);
        await vi.advanceTimersByTimeAsync(3_999);
        expect(canvasRequests(ws)).toHaveLength(2);
        await vi.advanceTimersByTimeAsync(1 + 100);
        expect(canvasRequests(ws)).toHaveLength(3);
        expect(fetchSnapshot).toHaveBeenCalledTimes(3);
        expect(store.seq).toBe(8);
        expect(sync.status).toBe('live');
        sync.stop();
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
