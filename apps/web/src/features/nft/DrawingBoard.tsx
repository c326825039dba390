/**
 * The 64×64 drawing board (SPEC §9: zoom 5 to 60): a pixelated canvas inside a scrolling frame.
 * Tools: pen (the chosen palette colour), eraser, and hand (pan). With the pen or eraser a drag
 * paints a line of pixels; with the hand a drag (or a finger) pans. Every change is saved locally.
 */
import { NFT_SIZE, NFT_ZOOM_MAX, NFT_ZOOM_MIN } from '@pixel-wall/shared';
import { PALETTE } from '@pixel-wall/shared/core';
import { type PointerEvent as ReactPointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clampZoom, saveDrawing, setPixel } from './drawing.ts';

export type BoardTool = 'pen' | 'eraser' | 'hand';

const ZOOM_STEP = 1.5;

/** The grid cells a straight stroke from a to b passes (Bresenham). */
export function strokeCells(ax: number, ay: number, bx: number, by: number): [number, number][] {
  const out: [number, number][] = [];
  const dx = Math.abs(bx - ax);
  const dy = -Math.abs(by - ay);
  const sx = ax < bx ? 1 : -1;
  const sy = ay < by ? 1 : -1;
  let err = dx + dy;
  let x = ax;
  let y = ay;
  for (;;) {
    out.push([x, y]);
    if (x === bx && y === by) return out;
    const e2 = 2 * err;
    if (e2 >= dy) {
      err += dy;
      x += sx;
    }
    if (e2 <= dx) {
      err += dx;
      y += sy;
    }
  }
}

export function DrawingBoard({
  drawing,
  onChange,
}: {
  /** mutated in place; `onChange` follows each change */
  drawing: Uint8Array;
  onChange(): void;
}) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [zoom, setZoomState] = useState(NFT_ZOOM_MIN);
  const [tool, setTool] = useState<BoardTool>('pen');
  const [color, setColor] = useState<string>(PALETTE[4]);
  const stroke = useRef<{ x: number; y: number; px: number; py: number; id: number } | null>(null);

  const redraw = useCallback(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    ctx.putImageData(new ImageData(new Uint8ClampedArray(drawing), NFT_SIZE, NFT_SIZE), 0, 0);
  }, [drawing]);
  useEffect(redraw, [redraw]);

  // The whole board fits the frame at first.
  useEffect(() => {
    const f = frame.current;
    if (f) setZoomState(clampZoom(Math.floor(Math.min(f.clientWidth, f.clientHeight) / NFT_SIZE)));
  }, []);

  /** Zooms keeping the middle of the frame where it is. */
  const setZoom = useCallback((next: number) => {
    const f = frame.current;
    setZoomState((old) => {
      const z = clampZoom(next);
      if (f && z !== old) {
        const cx = (f.scrollLeft + f.clientWidth / 2) / old;
        const cy = (f.scrollTop + f.clientHeight / 2) / old;
        requestAnimationFrame(() => {
          f.scrollLeft = cx * z - f.clientWidth / 2;
          f.scrollTop = cy * z - f.clientHeight / 2;
        });
      }
      return z;
    });
  }, []);

  // Ctrl/⌘ + wheel (and a trackpad pinch) zooms; a plain wheel scrolls the frame.
  useEffect(() => {
    const f = frame.current;
    if (!f) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      setZoomState((z) => clampZoom(e.deltaY < 0 ? z * 1.2 : z / 1.2));
    };
    f.addEventListener('wheel', onWheel, { passive: false });
    return () => f.removeEventListener('wheel', onWheel);
  }, []);

  const cellOf = (e: ReactPointerEvent): [number, number] => {
    const r = canvas.current!.getBoundingClientRect();
    return [
      Math.floor(((e.clientX - r.left) / r.width) * NFT_SIZE),
      Math.floor(((e.clientY - r.top) / r.height) * NFT_SIZE),
    ];
  };

  const paintCells = (cells: [number, number][]) => {
    let changed = false;
    for (const [x, y] of cells)
      changed = setPixel(drawing, x, y, tool === 'eraser' ? null : color) || changed;
    if (changed) {
      redraw();
      saveDrawing(drawing);
      onChange();
    }
  };

  const onDown = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (stroke.current) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const [x, y] = cellOf(e);
    stroke.current = { x, y, px: e.clientX, py: e.clientY, id: e.pointerId };
    if (tool !== 'hand') paintCells([[x, y]]);
  };
  const onMove = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const s = stroke.current;
    if (!s || s.id !== e.pointerId) return;
    if (tool === 'hand') {
      const f = frame.current;
      if (f) {
        f.scrollLeft -= e.clientX - s.px;
        f.scrollTop -= e.clientY - s.py;
      }
      s.px = e.clientX;
      s.py = e.clientY;
      return;
    }
    const [x, y] = cellOf(e);
    if (x === s.x && y === s.y) return;
    paintCells(strokeCells(s.x, s.y, x, y));
    s.x = x;
    s.y = y;
  };
  const onUp = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (stroke.current?.id === e.pointerId) stroke.current = null;
  };

  const size = NFT_SIZE * zoom;
  return (
    <div className="nft-board">
      <div className="nft-board__tools" role="toolbar" aria-label={t('nft.tools')}>
        {(['pen', 'eraser', 'hand'] as const).map((name) => (
          <button
            key={name}
            type="button"
            className={`btn nft-board__tool${tool === name ? ' nft-board__tool--on' : ''}`}
            aria-pressed={tool === name}
            onClick={() => setTool(name)}
            data-testid={`nft-tool-${name}`}
          >
            {t(`nft.tool.${name}`)}
          </button>
        ))}
        <span className="nft-board__spacer" />
        <button
          type="button"
          className="icon-btn nft-board__zoom"
          onClick={() => setZoom(zoom / ZOOM_STEP)}
          disabled={zoom <= NFT_ZOOM_MIN}
          aria-label={t('nft.zoomOut')}
        >
          −
        </button>
        <span className="pixel-num nft-board__zoom-value" data-testid="nft-zoom">
          {zoom}×
        </span>
        <button
          type="button"
          className="icon-btn nft-board__zoom"
          onClick={() => setZoom(zoom * ZOOM_STEP)}
          disabled={zoom >= NFT_ZOOM_MAX}
          aria-label={t('nft.zoomIn')}
        >
          +
        </button>
      </div>
      <div ref={frame} className={`nft-board__frame nft-board__frame--${tool}`} data-testid="nft-board-frame">
        <canvas
          ref={canvas}
          className="nft-board__canvas"
          width={NFT_SIZE}
          height={NFT_SIZE}
          style={{ width: size, height: size }}
          data-testid="nft-board"
          aria-label={t('nft.boardLabel')}
          onPointerDown={onDown}
          onPointerMove={onMove}
          onPointerUp={onUp}
          onPointerCancel={onUp}
        />
      </div>
      <input
        type="range"
        className="nft-board__slider"
        min={NFT_ZOOM_MIN}
        max={NFT_ZOOM_MAX}
        value={zoom}
        onChange={(e) => setZoom(Number(e.target.value))}
        aria-label={t('nft.zoom')}
      />
      <div className="nft-board__palette" data-testid="nft-palette">
        {PALETTE.map((c) => (
          <button
            key={c}
            type="button"
            className={`nft-swatch${c === color && tool === 'pen' ? ' nft-swatch--on' : ''}`}
            style={{ background: c }}
            aria-label={c}
            aria-pressed={c === color}
            onClick={() => {
              setColor(c);
              setTool('pen');
            }}
          />
        ))}
      </div>
    </div>
  );
}
