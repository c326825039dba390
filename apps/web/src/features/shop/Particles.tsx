import { useMemo } from 'react';

const COLORS = ['#ffd635', '#3ecf6e', '#3690ea', '#ff8a1f', '#e53935', '#ffffff'];

/** The success burst: square pixels flying out from the centre (still when motion is off). */
export function Particles({ count = 24 }: { count?: number }) {
  const bits = useMemo(
    () =>
      Array.from({ length: count }, (_, i) => {
        const angle = (i / count) * Math.PI * 2;
        const reach = 70 + ((i * 37) % 50);
        return {
          id: i,
          color: COLORS[i % COLORS.length]!,
          x: Math.round(Math.cos(angle) * reach),
          y: Math.round(Math.sin(angle) * reach),
          delay: (i * 23) % 180,
        };
      }),
    [count],
  );
  return (
    <div className="particles" aria-hidden="true" data-testid="particles">
      {bits.map((b) => (
        <span
          key={b.id}
          className="particles__bit"
          style={
            {
              background: b.color,
              '--dx': `${b.x}px`,
              '--dy': `${b.y}px`,
              animationDelay: `${b.delay}ms`,
            } as React.CSSProperties
          }
        />
      ))}
    </div>
  );
}
