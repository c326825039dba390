import { type CSSProperties, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from '../../ui/icons/Icon.tsx';
import { ProductIcon } from '../shop/ProductIcon.tsx';
import { FLIGHT_MS, type Flight } from './flights.ts';

function FlyingReward({ flight, onLanded }: { flight: Flight; onLanded(id: number): void }) {
  // animationend may never come (a hidden tab): the flight lands on a timer as well.
  useEffect(() => {
    const timer = setTimeout(() => onLanded(flight.id), FLIGHT_MS + 100);
    return () => clearTimeout(timer);
  }, [flight.id, onLanded]);
  const style = {
    left: flight.from.x,
    top: flight.from.y,
    '--fly-dx': `${flight.to.x - flight.from.x}px`,
    '--fly-dy': `${flight.to.y - flight.from.y}px`,
    '--fly-ms': `${FLIGHT_MS}ms`,
  } as CSSProperties;
  return (
    <span className="wall-flight" style={style} onAnimationEnd={() => onLanded(flight.id)}>
      {flight.prize.kind === 'token' ? (
        <Icon name="coin" size={32} />
      ) : flight.prize.productId === null ? (
        <Icon name="star" size={32} />
      ) : (
        <ProductIcon productId={flight.prize.productId} size={32} />
      )}
    </span>
  );
}

/**
 * Rewards on their way to their counters; decorative, so hidden from assistive technology. Like
 * the popups they fly over, they are rendered at the end of the body, above the header.
 */
export function FlyingRewards({
  flights,
  onLanded,
}: {
  flights: readonly Flight[];
  onLanded(id: number): void;
}) {
  if (flights.length === 0) return null;
  return createPortal(
    <div className="wall-flights" aria-hidden="true" data-testid="flying-rewards">
      {flights.map((f) => (
        <FlyingReward key={f.id} flight={f} onLanded={onLanded} />
      ))}
    </div>,
    document.body,
  );
}
