import {
  nextQuantity,
  positionOfValue,
  SLIDER_MAX,
  SLIDER_POSITION_COUNT,
  sliderLabel,
  valueAtPosition,
} from '@pixel-wall/shared/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';

/** SPEC §5: 1 to 5000 in steps of 1, 5, 10 and 50; the range input moves over reachable values. */
export function QuantitySlider({ value, onChange }: { value: number; onChange(qty: number): void }) {
  const { t } = useTranslation();
  const format = useFormat();
  // The shared rule picks what to show ('5000', '50+'); the digits follow the language.
  const label = sliderLabel(value).replace(/\d+/, (digits) => format.integer(Number(digits)));
  return (
    <div className="qty">
      <div className="qty__head">
        <label htmlFor="qty-range" className="qty__label">
          {t('shop.quantity')}
        </label>
        <output htmlFor="qty-range" className="qty__value pixel-num" data-testid="qty-value">
          {label}
        </output>
      </div>
      <div className="qty__row">
        <button
          type="button"
          className="btn qty__step"
          aria-label={t('shop.less')}
          disabled={value <= 1}
          onClick={() => onChange(nextQuantity(value, -1))}
        >
          −
        </button>
        <input
          id="qty-range"
          className="qty__range"
          type="range"
          min={0}
          max={SLIDER_POSITION_COUNT - 1}
          step={1}
          value={positionOfValue(value)}
          aria-valuetext={label}
          data-testid="qty-slider"
          onChange={(e) => onChange(valueAtPosition(Number(e.currentTarget.value)))}
        />
        <button
          type="button"
          className="btn qty__step"
          aria-label={t('shop.more')}
          disabled={value >= SLIDER_MAX}
          onClick={() => onChange(nextQuantity(value, 1))}
        >
          +
        </button>
      </div>
    </div>
  );
}
