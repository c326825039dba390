/**
 * The quantity slider of the purchase popup (SPEC §5): 1 to 5000, finer steps for small amounts.
 *   below 100: step 1    100..499: step 5    500..999: step 10    1000..5000: step 50
 * A range input moves over positions 0..N-1; each position is one reachable quantity.
 */
export const SLIDER_MIN = 1;
export const SLIDER_MAX = 5000;

/** [first value of the band, step]; every band start is a multiple of its step. */
const BANDS: readonly (readonly [number, number])[] = [
  [1000, 50],
  [500, 10],
  [100, 5],
  [SLIDER_MIN, 1],
];

export function sliderStep(value: number): number {
  for (const [from, step] of BANDS) if (value >= from) return step;
  return 1;
}

/** Clamps to 1..5000 and rounds to the step of the value's band (halves round up). */
export function snapQuantity(value: number): number {
  if (Number.isNaN(value)) return SLIDER_MIN;
  const clamped = Math.min(SLIDER_MAX, Math.max(SLIDER_MIN, value));
  const step = sliderStep(clamped);
  // Rounding up out of a band lands on the next band's start, which is reachable too.
  return Math.min(SLIDER_MAX, Math.max(SLIDER_MIN, Math.round(clamped / step) * step));
}

const POSITIONS: readonly number[] = (() => {
  const out: number[] = [];
  for (let v = SLIDER_MIN; v <= SLIDER_MAX; v += sliderStep(v)) out.push(v);
  return Object.freeze(out);
})();

const POSITION_BY_VALUE = new Map<number, number>(POSITIONS.map((v, i) => [v, i]));

/** Every reachable quantity in order: 1..99, 100, 105..495, 500, 510..990, 1000, 1050..5000. */
export function sliderPositions(): readonly number[] {
  return POSITIONS;
}

export const SLIDER_POSITION_COUNT = POSITIONS.length;

/** Quantity at a range-input position; positions outside 0..N-1 are clamped. */
export function valueAtPosition(position: number): number {
  const i = Number.isNaN(position) ? 0 : Math.min(POSITIONS.length - 1, Math.max(0, Math.round(position)));
  return POSITIONS[i]!;
}

/** Range-input position of a quantity (snapped first). */
export function positionOfValue(value: number): number {
  return POSITION_BY_VALUE.get(snapQuantity(value))!;
}

/** The neighbouring reachable quantity (a +/- button); stays put at either end. */
export function nextQuantity(value: number, dir: 1 | -1): number {
  return valueAtPosition(positionOfValue(value) + dir);
}

/**
 * The quantity label. SPEC: "max label {max}+ or 5000 at the top". Read as: at the top of a slider
 * whose cap is below 5000 (the offer allows fewer), the label reads `{max}+` because the full range
 * goes further than this offer; at the absolute top (5000) nothing lies beyond, so it reads `5000`.
 * Below the top the label is the quantity itself.
 */
export function sliderLabel(value: number, max: number = SLIDER_MAX): string {
  const top = Math.min(SLIDER_MAX, Math.max(SLIDER_MIN, Math.floor(max)));
  const v = Math.min(snapQuantity(value), top);
  if (v < top) return String(v);
  return top >= SLIDER_MAX ? String(SLIDER_MAX) : `${top}+`;
}
