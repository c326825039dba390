import { iconTier } from '@pixel-wall/shared/core';
import { useMemo } from 'react';
import { artPaths, PRODUCT_ART, PRODUCT_ART_KEY } from './art.ts';

/** Where the copies of a product sit on the 16×16 canvas, back to front, per icon tier. */
const STACKS: readonly (readonly (readonly [number, number])[])[] = [
  [[2, 2]],
  [
    [4, 0],
    [1, 3],
  ],
  [
    [4, 0],
    [0, 1],
    [2, 4],
  ],
];

const SPARKLES: readonly (readonly [number, number])[] = [
  [0, 0],
  [15, 3],
  [1, 14],
  [14, 15],
];

/**
 * A product's picture; more copies, sparkles and a golden glow as the quantity passes the icon
 * thresholds 5, 10, 100, 500 and 1000 (SPEC §2).
 */
export function ProductIcon({
  productId,
  qty = 1,
  size = 48,
}: {
  productId: number;
  qty?: number;
  size?: number;
}) {
  const tier = iconTier(qty);
  const rows = PRODUCT_ART[PRODUCT_ART_KEY[productId] ?? 'bundle'] ?? [];
  const layers = useMemo(() => {
    const stack = STACKS[Math.min(tier, STACKS.length - 1)]!;
    return stack.map(([dx, dy]) => artPaths(rows, dx, dy));
  }, [rows, tier]);
  return (
    <svg
      className={`product-icon product-icon--tier${tier}`}
      data-tier={tier}
      viewBox="0 0 16 16"
      width={size}
      height={size}
      shapeRendering="crispEdges"
      aria-hidden="true"
      focusable="false"
    >
      {tier >= 5 ? <rect x="0" y="0" width="16" height="16" fill="rgb(255 214 53 / 0.22)" /> : null}
      {layers.map((paths, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: layers are positional and never reorder
        <g key={i} opacity={i < layers.length - 1 ? 0.8 : 1}>
          {paths.map((p) => (
            <path key={p.color} d={p.d} fill={p.color} />
          ))}
        </g>
      ))}
      {tier >= 4
        ? SPARKLES.map(([x, y]) => <rect key={`${x}-${y}`} x={x} y={y} width="1" height="1" fill="#fff" />)
        : null}
    </svg>
  );
}
