import { useEffect, useRef, useState } from 'react';
import { DIGIT_ROLL_MS, rolledValue } from './rolling.ts';

/**
 * `value`, rolled to over 500 ms whenever it changes; with motion off it shows at once. A change
 * during a roll starts a new roll from the number on screen.
 */
export function useRollingNumber(value: number, motion: boolean): number {
  const [shown, setShown] = useState(value);
  const shownRef = useRef(value);
  useEffect(() => {
    const from = shownRef.current;
    const set = (v: number) => {
      shownRef.current = v;
      setShown(v);
    };
    if (!motion || from === value || typeof requestAnimationFrame !== 'function') {
      set(value);
      return;
    }
    const start = performance.now();
    let frame = 0;
    const step = () => {
      const elapsed = performance.now() - start;
      set(rolledValue(from, value, elapsed));
      if (elapsed < DIGIT_ROLL_MS) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [value, motion]);
  return shown;
}
