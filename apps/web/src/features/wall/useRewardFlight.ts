import { type RefObject, useEffect, useRef } from 'react';
import type { CanvasView, Pixel } from '../../canvas/index.ts';
import type { PaintReward } from '../rewards/PixelRewardPopup.tsx';
import { type Point, type Prize, pixelOnScreen } from './flights.ts';
import { type Flights, useFlights } from './useFlights.ts';

/** A paint or blast that won something: the reward flies from the pixel where it was won. */
export function useRewardFlight(
  reward: PaintReward | null,
  wonAt: RefObject<Pixel | null>,
  view: CanvasView | null,
  canvas: RefObject<HTMLCanvasElement | null>,
  launch: (from: Point, prize: Prize) => void,
): void {
  useEffect(() => {
    const pixel = wonAt.current;
    const el = canvas.current;
    if (!reward || !pixel || !view || !el) return;
    const prize: Prize =
      reward.type === 'token' ? { kind: 'token' } : { kind: 'goods', productId: reward.goodId };
    launch(pixelOnScreen(view.getCamera(), el.getBoundingClientRect(), pixel), prize);
  }, [reward, wonAt, view, canvas, launch]);
}

/**
 * The Wall's flying rewards: `wonAt` is set to the pixel a paint or blast acts on; the reward it
 * wins flies from there.
 */
export function useWallFlights(
  reward: PaintReward | null,
  view: CanvasView | null,
  canvas: RefObject<HTMLCanvasElement | null>,
): Flights & { wonAt: RefObject<Pixel | null> } {
  const flights = useFlights();
  const wonAt = useRef<Pixel | null>(null);
  useRewardFlight(reward, wonAt, view, canvas, flights.launch);
  return { ...flights, wonAt };
}
