import type { Currency } from '@pixel-wall/shared';
import { ScrollCueArrows } from '../../ui/ScrollCue/ScrollCueArrows.tsx';
import { useScrollCue } from '../../ui/ScrollCue/scrollCue.ts';

/**
 * A row of currency chips (radio buttons), scrolling sideways when they do not fit: the chosen
 * one is scrolled into view, and a fade and an arrow show the side where more are.
 */
export function CurrencyChoice({
  currencies,
  value,
  onChange,
  label,
  testId,
}: {
  currencies: readonly Currency[];
  value: number;
  onChange(id: number): void;
  label: string;
  testId?: string;
}) {
  const row = useScrollCue<HTMLFieldSetElement>(value);
  return (
    <div className="scroll-cue-frame">
      <fieldset ref={row} className="currency-choice" data-testid={testId}>
        <legend className="visually-hidden">{label}</legend>
        {currencies.map((c) => (
          <button
            key={c.id}
            type="button"
            aria-pressed={c.id === value}
            className={`currency-chip pixel-text${c.id === value ? ' is-active' : ''}`}
            onClick={() => onChange(c.id)}
          >
            {c.id === 1 ? '★ ' : ''}
            {c.name}
          </button>
        ))}
      </fieldset>
      <ScrollCueArrows />
    </div>
  );
}
