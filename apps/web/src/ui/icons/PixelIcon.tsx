import { useMemo } from 'react';

/** Turns ASCII art (`#` = filled) into one SVG path, merging horizontal runs. */
export function pixelPath(rows: readonly string[]): string {
  let d = '';
  rows.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (row[x] !== '#') {
        x += 1;
        continue;
      }
      let end = x;
      while (row[end] === '#') end += 1;
      d += `M${x} ${y}h${end - x}v1h${x - end}z`;
      x = end;
    }
  });
  return d;
}

export interface PixelIconProps {
  rows: readonly string[];
  /** CSS pixels; a multiple of the grid keeps edges crisp. */
  size?: number;
  className?: string;
}

export function PixelIcon({ rows, size = 24, className }: PixelIconProps) {
  const d = useMemo(() => pixelPath(rows), [rows]);
  const width = rows[0]?.length ?? 0;
  return (
    <svg
      className={className}
      viewBox={`0 0 ${width} ${rows.length}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}
