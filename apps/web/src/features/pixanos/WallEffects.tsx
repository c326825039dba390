import { colorOfIndex, PALETTE_RGB, paletteIndexOf } from '@pixel-wall/shared/core';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { WallRuntime } from '../../api/wall/runtime.ts';
import type { CanvasView } from '../../canvas/index.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { selectAnimations } from '../../store/uiSlice.ts';
import { selectUser } from '../../store/userSlice.ts';
import { drawExplosionFrame, type Explosion, explosionFor, frameAt } from './blasts.ts';
import { createSnapGl } from './snapGl.ts';
import { motionAllowed, snapStore, snapTimeline, wallOpacityAt, wallViewRegistry } from './snapState.ts';
import './pixanos.css';

const MAX_DPR = 1;

function canvasRect(view: CanvasView, w: number, h: number, dpr: number) {
  const cam = view.getCamera();
  return {
    x: (w / 2 - cam.x * cam.scale) * dpr,
    y: (h / 2 - cam.y * cam.scale) * dpr,
    w: 1024 * cam.scale * dpr,
    h: 1024 * cam.scale * dpr,
  };
}

function sizeTo(el: HTMLCanvasElement, w: number, h: number, dpr: number): void {
  const W = Math.max(1, Math.round(w * dpr));
  const H = Math.max(1, Math.round(h * dpr));
  if (el.width !== W) el.width = W;
  if (el.height !== H) el.height = H;
}

/**
 * Over the Wall: the Pixanos' Snap animation (WebGL2), the canvas fading back in, and the
 * explosions of bombs and pumpkins from the socket. Neither overlay takes pointer events.
 */
export function WallEffects({
  view,
  canvas,
  runtime,
}: {
  view: CanvasView | null;
  canvas: HTMLCanvasElement | null;
  runtime: WallRuntime;
}) {
  const snap = useSyncExternalStore(snapStore.subscribe, snapStore.get);
  const animations = useAppSelector(selectAnimations);
  const myId = useAppSelector(selectUser)?.id ?? null;
  const snapRef = useRef<HTMLCanvasElement>(null);
  const blastRef = useRef<HTMLCanvasElement>(null);
  const me = useRef({ myId, animations });
  me.current = { myId, animations };

  useEffect(() => {
    if (!view || !canvas) return;
    wallViewRegistry.set({ view, canvas });
    return () => wallViewRegistry.set(null);
  }, [view, canvas]);

  // The snap show, while it is animating or fading in.
  const startedAt = snap?.startedAt;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one run per snap, keyed by its start
  useEffect(() => {
    const show = snapStore.get();
    const overlay = snapRef.current;
    if (!show || !view || !canvas || !overlay || show.phase === 'done') return;
    view.fit(true);
    const color = paletteIndexOf(show.event.color ?? '');
    const gl = createSnapGl(overlay, {
      before: show.before,
      seed: show.event.seed ?? 0,
      percentage: show.event.percentage ?? 50,
      rgb: [PALETTE_RGB[color * 3] ?? 0, PALETTE_RGB[color * 3 + 1] ?? 0, PALETTE_RGB[color * 3 + 2] ?? 0],
    });
    if (!gl) {
      console.info(
        'WebGL2 is not available: the snap animation is skipped',
        colorOfIndex(Math.max(0, color)),
      );
      snapStore.start(show.event, show.before, false, performance.now());
      return;
    }
    let frame = 0;
    let frames = 0;
    const tick = () => {
      overlay.dataset.frames = String(++frames);
      const elapsed = performance.now() - show.startedAt;
      const w = canvas.clientWidth;
      const h = canvas.clientHeight;
      const dpr = Math.min(MAX_DPR, window.devicePixelRatio || 1);
      sizeTo(overlay, w, h, dpr);
      const { overlay: alpha, dissolve } = snapTimeline(elapsed);
      if (alpha > 0) gl.draw({ dissolve, alpha, rect: canvasRect(view, w, h, dpr) });
      overlay.style.visibility = alpha > 0 ? 'visible' : 'hidden';
      canvas.style.opacity = String(wallOpacityAt(true, elapsed));
      snapStore.advance(elapsed);
      if (snapStore.get()?.phase === 'done') {
        canvas.style.opacity = '';
        overlay.style.visibility = 'hidden';
        return;
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      gl.destroy();
      canvas.style.opacity = '';
      overlay.style.visibility = 'hidden';
    };
  }, [startedAt, view, canvas]);

  // Explosions of bombs and pumpkins.
  useEffect(() => {
    const overlay = blastRef.current;
    if (!view || !canvas || !overlay) return;
    const live: Explosion[] = [];
    let frame = 0;
    const draw = () => {
      frame = 0;
      const ctx = overlay.getContext('2d');
      const w = canvas.clientWidth;
      const h = canvas.clientHeight;
      const dpr = Math.min(2, window.devicePixelRatio || 1);
      sizeTo(overlay, w, h, dpr);
      if (!ctx) return;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, w, h);
      const cam = view.getCamera();
      const now = performance.now();
      for (let i = live.length - 1; i >= 0; i--) {
        const e = live[i]!;
        const f = frameAt(e, now);
        if (f === null) {
          live.splice(i, 1);
          continue;
        }
        if (f < 0) continue;
        const cx = w / 2 + (e.x + 0.5 - cam.x) * cam.scale;
        const cy = h / 2 + (e.y + 0.5 - cam.y) * cam.scale;
        const r = Math.max(22, e.size * cam.scale * 0.9);
        drawExplosionFrame(ctx, e, f, cx, cy, r);
      }
      if (live.length > 0) frame = requestAnimationFrame(draw);
    };
    const unsubscribe = runtime.subscribeEvents((event) => {
      if (!motionAllowed(me.current.animations)) return;
      const e = explosionFor(event, me.current.myId, performance.now());
      if (!e) return;
      live.push(e);
      if (!frame) frame = requestAnimationFrame(draw);
    });
    return () => {
      unsubscribe();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [view, canvas, runtime]);

  return (
    <>
      <canvas ref={blastRef} className="wall-effects wall-effects--blasts" />
      <canvas
        ref={snapRef}
        className="wall-effects wall-effects--snap"
        data-testid="snap-overlay"
        style={{ visibility: 'hidden' }}
      />
    </>
  );
}
