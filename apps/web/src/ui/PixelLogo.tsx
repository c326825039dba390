import './PixelLogo.css';

// Nine palette tiles; the logo "repaints" them in a wave on hover or touch.
const TILES = [
  '#FF4500',
  '#FFD635',
  '#00CC78',
  '#3690EA',
  '#FFFFFF',
  '#B44AC0',
  '#FF3881',
  '#51E9F4',
  '#FFA800',
];

export function PixelLogo({ size = 32 }: { size?: number }) {
  return (
    <svg
      className="pixel-logo"
      viewBox="0 0 16 16"
      width={size}
      height={size}
      shapeRendering="crispEdges"
      aria-hidden="true"
    >
      <rect width="16" height="16" fill="#12141c" />
      {TILES.map((color, i) => (
        <rect
          key={color}
          className="pixel-logo__tile"
          style={{ animationDelay: `${((i % 3) + Math.floor(i / 3)) * 60}ms` }}
          x={1 + (i % 3) * 5}
          y={1 + Math.floor(i / 3) * 5}
          width="4"
          height="4"
          fill={color}
        />
      ))}
    </svg>
  );
}
