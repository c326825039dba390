import type { GoodsAvailable } from '@pixel-wall/shared';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { goodsCount } from '../../store/shopStore.ts';
import { FAST_MODE_PRODUCT, type FastMode } from './fastModes.ts';
import './boosts.css';

/** While a blast tool is armed: what a tap will do, how many are left, and a way out. */
export function BoostHint({
  mode,
  goods,
  onCancel,
}: {
  mode: FastMode;
  goods: GoodsAvailable;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="boost-hint panel" role="status" data-testid="boost-hint">
      <span className="boost-hint__text">
        {t('boosts.aim', {
          name: t(`boosts.${mode}`),
          count: format.integer(goodsCount(goods, FAST_MODE_PRODUCT[mode])),
        })}
      </span>
      <button type="button" className="btn" onClick={onCancel}>
        {t('boosts.cancel')}
      </button>
    </div>
  );
}

/** While the pipette is armed: the next tap takes a colour. */
export function PipetteHint({ onCancel }: { onCancel(): void }) {
  const { t } = useTranslation();
  return (
    <div className="boost-hint panel" role="status" data-testid="pipette-hint">
      <span className="boost-hint__text">{t('boosts.pipetteAim')}</span>
      <button type="button" className="btn" onClick={onCancel}>
        {t('boosts.cancel')}
      </button>
    </div>
  );
}
