import { useMotion } from '../../platform/motion.ts';
import { useRollingNumber } from './useRollingNumber.ts';

/** A counter whose digits roll to a new value (SPEC §9); `format` writes the number shown. */
export function RollingNumber({ value, format = String }: { value: number; format?: (n: number) => string }) {
  const shown = useRollingNumber(value, useMotion());
  return <>{format(shown)}</>;
}
