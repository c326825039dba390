import { useCallback, useRef, useState } from 'react';
import { useMotion } from '../../platform/motion.ts';
import { centreOf, type Flight, findTarget, type Point, type Prize } from './flights.ts';

export interface Flights {
  flights: readonly Flight[];
  /** A reward won at `from` flies to its counter; nothing flies with motion off or no counter. */
  launch(from: Point, prize: Prize): void;
  landed(id: number): void;
}

export function useFlights(): Flights {
  const motion = useMotion();
  const [flights, setFlights] = useState<readonly Flight[]>([]);
  const next = useRef(1);
  const launch = useCallback(
    (from: Point, prize: Prize) => {
      if (!motion) return;
      const target = findTarget(document, prize);
      if (!target) return;
      const id = next.current++;
      const to = centreOf(target.getBoundingClientRect());
      setFlights((list) => [...list, { id, from, to, prize }]);
    },
    [motion],
  );
  const landed = useCallback((id: number) => setFlights((list) => list.filter((f) => f.id !== id)), []);
  return { flights, launch, landed };
}
