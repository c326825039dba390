import { useMemo } from 'react';
import { artPaths } from './art.ts';

/** SPEC §2/§9: the shop panel is decorated with 30 stars. */
export const STAR_DECORATIONS = 30;

const BIG_STAR: readonly string[] = [
  '.......yy.......',
  '.......yy.......',
  '......yyyy......',
  '......yyyy......',
  'yyyyyyyWyyyyyyyy',
  '.yyyyyWWyyyyyyy.',
  '..yyyyyyyyyyyy..',
  '...yyyyyyyyyy...',
  '....yyyyyyyy....',
  '....yyyyyyyy....',
  '...yyyyyyyyyy...',
  '...yyyy..yyyy...',
  '..yyyy....yyyy..',
  '..yyy......yyy..',
  '.yy..........yy.',
  '................',
];

/** Small stars placed by a fixed pseudo-random walk, so every render looks the same. */
function decorations(count: number): { x: number; y: number; big: boolean; delay: number }[] {
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const out: { x: number; y: number; big: boolean; delay: number }[] = [];
  while (out.length < count) {
    const x = Math.floor(next() * 116) + 2;
    const y = Math.floor(next() * 44) + 2;
    // Keep clear of the big star in the middle.
    if (x > 46 && x < 74 && y > 4 && y < 44) continue;
    out.push({ x, y, big: next() > 0.7, delay: Math.round(next() * 2400) });
  }
  return out;
}

/** The animated stars picture at the top of the shop: a big star and 30 twinkling small ones. */
export function StarsArt() {
  const stars = useMemo(() => decorations(STAR_DECORATIONS), []);
  const big = useMemo(() => artPaths(BIG_STAR, 52, 8), []);
  return (
    <svg
      className="stars-art"
      viewBox="0 0 120 48"
      shapeRendering="crispEdges"
      aria-hidden="true"
      focusable="false"
      data-testid="stars-art"
    >
      {stars.map((s) => (
        <g
          key={`${s.x}-${s.y}`}
          className="stars-art__star"
          style={{ animationDelay: `${s.delay}ms` }}
          fill={s.big ? '#ffd635' : '#fff6c2'}
        >
          {s.big ? (
            <path d={`M${s.x} ${s.y - 1}h1v3h-1zM${s.x - 1} ${s.y}h3v1h-3z`} />
          ) : (
            <rect x={s.x} y={s.y} width="1" height="1" />
          )}
        </g>
      ))}
      <g className="stars-art__big">
        {big.map((p) => (
          <path key={p.color} d={p.d} fill={p.color} />
        ))}
      </g>
    </svg>
  );
}
