import {
  CANVAS_PIXELS,
  CANVAS_WIDTH,
  forEachPixelChange,
  isValidCoordinate,
  isValidPixelId,
  PALETTE_RGB,
  PALETTE_SIZE,
} from '@pixel-wall/shared/core';

/** A rectangle of canvas pixels, half-open: x0 <= x < x1, y0 <= y < y1. */
export interface DirtyRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface PixelStore {
  /** Palette index per pixel, row-major, 1024*1024 bytes. Read only: write through the methods. */
  readonly indices: Uint8Array;
  /** RGBA mirror of `indices`, ready for an ImageData. Read only. */
  readonly rgba: Uint8ClampedArray<ArrayBuffer>;
  /** Sequence number of the last snapshot or batch applied; -1 before the first. */
  readonly seq: number;
  /** Bumped on every visible change: a cheap snapshot key for useSyncExternalStore. */
  readonly version: number;
  /**
   * Repaints that arrived from the server in batches since the store was made (not snapshots, nor
   * the player's own optimistic paints, which come back in a batch): the wall's live count.
   */
  readonly repaints: number;
  /** Replaces the whole canvas (a snapshot). Out-of-palette bytes become blank. */
  setAll(indices: Uint8Array, seq: number): void;
  /**
   * Applies a PIXELS body (wire.ts). False when the body is malformed, and nothing is applied.
   * A batch not newer than `seq` is already contained in the canvas and is skipped (true).
   */
  applyChanges(body: Uint8Array, seq: number): boolean;
  /** Sets one pixel (an optimistic local paint); false when the id or colour is out of range. */
  apply(pixelId: number, color: number): boolean;
  /** Palette index at (x, y), or -1 outside the canvas. */
  colorAt(x: number, y: number): number;
  /** The region changed since the last call, then forgets it; null when nothing changed. */
  takeDirty(): DirtyRect | null;
  subscribe(listener: () => void): () => void;
}

/** RGBA of every palette index as one 32-bit word in platform byte order; unknown indices are blank. */
const RGBA_WORDS: Uint32Array = (() => {
  const bytes = new Uint8Array(256 * 4);
  for (let i = 0; i < 256; i++) {
    const c = i < PALETTE_SIZE ? i : 0;
    bytes[i * 4] = PALETTE_RGB[c * 3]!;
    bytes[i * 4 + 1] = PALETTE_RGB[c * 3 + 1]!;
    bytes[i * 4 + 2] = PALETTE_RGB[c * 3 + 2]!;
    bytes[i * 4 + 3] = 255;
  }
  return new Uint32Array(bytes.buffer);
})();

export function createPixelStore(): PixelStore {
  const indices = new Uint8Array(CANVAS_PIXELS);
  const rgba = new Uint8ClampedArray(CANVAS_PIXELS * 4);
  // One word per pixel: a pixel write is a single store instead of four.
  const words = new Uint32Array(rgba.buffer);
  words.fill(RGBA_WORDS[0]!);
  const listeners = new Set<() => void>();
  let seq = -1;
  let version = 0;
  let changed = false;
  // Empty when x1 <= x0.
  let dx0 = 0;
  let dy0 = 0;
  let dx1 = 0;
  let dy1 = 0;

  function markAll(): void {
    dx0 = 0;
    dy0 = 0;
    dx1 = CANVAS_WIDTH;
    dy1 = CANVAS_PIXELS / CANVAS_WIDTH;
  }

  function write(index: number, color: number): void {
    if (indices[index] === color) return;
    indices[index] = color;
    words[index] = RGBA_WORDS[color]!;
    const x = index % CANVAS_WIDTH;
    const y = (index - x) / CANVAS_WIDTH;
    if (dx1 <= dx0) {
      dx0 = x;
      dy0 = y;
      dx1 = x + 1;
      dy1 = y + 1;
    } else {
      if (x < dx0) dx0 = x;
      if (y < dy0) dy0 = y;
      if (x >= dx1) dx1 = x + 1;
      if (y >= dy1) dy1 = y + 1;
    }
    changed = true;
  }

  let repaints = 0;
  // Created once so applying a batch allocates nothing.
  const visit = (pixelId: number, color: number): void => {
    write(pixelId - 1, color);
    repaints++;
  };

  function flush(): void {
    if (!changed) return;
    changed = false;
    version++;
    for (const listener of listeners) listener();
  }

  return {
    indices,
    rgba,
    get seq() {
      return seq;
    },
    get version() {
      return version;
    },
    get repaints() {
      return repaints;
    },
    setAll(source, nextSeq) {
      if (source.length !== CANVAS_PIXELS) {
        throw new RangeError(`a snapshot has ${CANVAS_PIXELS} pixels, got ${source.length}`);
      }
      for (let i = 0; i < CANVAS_PIXELS; i++) {
        let c = source[i]!;
        if (c >= PALETTE_SIZE) c = 0;
        indices[i] = c;
        words[i] = RGBA_WORDS[c]!;
      }
      seq = nextSeq;
      markAll();
      changed = true;
      flush();
    },
    applyChanges(body, nextSeq) {
      if (nextSeq <= seq) return forEachPixelChange(body, noop);
      if (!forEachPixelChange(body, visit)) return false;
      seq = nextSeq;
      flush();
      return true;
    },
    apply(pixelId, color) {
      if (!isValidPixelId(pixelId) || !Number.isInteger(color) || color < 0 || color >= PALETTE_SIZE)
        return false;
      write(pixelId - 1, color);
      flush();
      return true;
    },
    colorAt(x, y) {
      return isValidCoordinate(x, y) ? indices[x + y * CANVAS_WIDTH]! : -1;
    },
    takeDirty() {
      if (dx1 <= dx0) return null;
      const rect = { x0: dx0, y0: dy0, x1: dx1, y1: dy1 };
      dx1 = dx0;
      return rect;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

function noop(): void {}
