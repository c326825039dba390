/**
 * The template layer: a template (palette indices, 255 transparent) drawn over the wall at its
 * place, one template pixel per canvas pixel, at an opacity, with chosen colours hidden. It is part
 * of the canvas, so taps go to the wall underneath as always.
 *
 * The visible pixels are turned into an offscreen image once per change (template or hidden
 * colours), never per frame; a frame only scales the on-screen part of it (drawClipped).
 */
import { nearestPaletteIndex, PALETTE_RGB, PALETTE_SIZE, paletteIndexOfRgb } from '@pixel-wall/shared/core';
import type { DeviceTransform } from './camera.ts';
import { type CanvasLayer, drawClipped } from './renderer.ts';

/** Index of a transparent template pixel (as the server stores it). */
export const LAYER_TRANSPARENT = 255;

export interface LayerTemplate {
  x: number;
  y: number;
  width: number;
  height: number;
  /** one palette index per pixel, row by row; 255 for transparent */
  indices: Uint8Array;
}

export interface TemplateLayer extends CanvasLayer {
  readonly template: LayerTemplate | null;
  setTemplate(template: LayerTemplate | null): void;
  /** 0 (invisible) to 1 */
  setOpacity(opacity: number): void;
  setHidden(colors: ReadonlySet<number>): void;
  /** The palette index the template wants at canvas pixel (x, y); null outside it or where clear. */
  colorAt(x: number, y: number): number | null;
  /** Pixels per palette index, for the colour filter. */
  counts(): Map<number, number>;
}

/** Decoded RGBA of a template file → palette indices (exact palette colours; others the nearest). */
export function templateIndicesFromRgba(rgba: Uint8ClampedArray | Uint8Array, pixels: number): Uint8Array {
  const out = new Uint8Array(pixels);
  for (let i = 0, p = 0; i < pixels; i++, p += 4) {
    if (rgba[p + 3]! < 128) {
      out[i] = LAYER_TRANSPARENT;
      continue;
    }
    const r = rgba[p]!;
    const g = rgba[p + 1]!;
    const b = rgba[p + 2]!;
    const exact = paletteIndexOfRgb(r, g, b);
    out[i] = exact >= 0 ? exact : nearestPaletteIndex(r, g, b);
  }
  return out;
}

export function createTemplateLayer(): TemplateLayer {
  let template: LayerTemplate | null = null;
  let opacity = 0.7;
  let hidden: ReadonlySet<number> = new Set();
  let image: HTMLCanvasElement | null = null;
  let stale = true;
  const listeners = new Set<() => void>();

  function changed(rebuild: boolean): void {
    if (rebuild) stale = true;
    for (const fn of listeners) fn();
  }

  /** Paints the visible pixels into the offscreen image; false without a 2D context (jsdom). */
  function build(t: LayerTemplate): boolean {
    if (typeof document === 'undefined') return false;
    image ??= document.createElement('canvas');
    if (image.width !== t.width || image.height !== t.height) {
      image.width = t.width;
      image.height = t.height;
    }
    const ctx = image.getContext('2d');
    if (!ctx) return false;
    const data = ctx.createImageData(t.width, t.height);
    const px = data.data;
    for (let i = 0; i < t.indices.length; i++) {
      const c = t.indices[i]!;
      if (c >= PALETTE_SIZE || hidden.has(c)) continue;
      px[i * 4] = PALETTE_RGB[c * 3]!;
      px[i * 4 + 1] = PALETTE_RGB[c * 3 + 1]!;
      px[i * 4 + 2] = PALETTE_RGB[c * 3 + 2]!;
      px[i * 4 + 3] = 255;
    }
    ctx.putImageData(data, 0, 0);
    stale = false;
    return true;
  }

  return {
    get template() {
      return template;
    },
    setTemplate(next) {
      if (next === template) return;
      template = next;
      changed(true);
    },
    setOpacity(next) {
      const o = Number.isFinite(next) ? Math.min(1, Math.max(0, next)) : 0;
      if (o === opacity) return;
      opacity = o;
      changed(false);
    },
    setHidden(colors) {
      hidden = new Set(colors);
      changed(true);
    },
    colorAt(x, y) {
      const t = template;
      if (!t) return null;
      const i = x - t.x;
      const j = y - t.y;
      if (i < 0 || j < 0 || i >= t.width || j >= t.height) return null;
      const c = t.indices[j * t.width + i]!;
      return c < PALETTE_SIZE ? c : null;
    },
    counts() {
      const out = new Map<number, number>();
      for (const c of template?.indices ?? []) if (c < PALETTE_SIZE) out.set(c, (out.get(c) ?? 0) + 1);
      return out;
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    draw(ctx: CanvasRenderingContext2D, tf: Readonly<DeviceTransform>, width: number, height: number) {
      const t = template;
      if (!t || opacity <= 0) return;
      if (stale && !build(t)) return;
      if (!image) return;
      ctx.globalAlpha = opacity;
      drawClipped(ctx, image, t.width, t.height, t.x, t.y, tf, width, height);
      ctx.globalAlpha = 1;
    },
  };
}
