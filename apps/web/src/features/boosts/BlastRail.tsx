import type { GoodsAvailable } from '@pixel-wall/shared';
import { useTranslation } from 'react-i18next';
import { goodsCount } from '../../store/shopStore.ts';
import { BoostButton } from './BoostButton.tsx';
import { BLAST_MODES, FAST_MODE_PRODUCT, type FastMode } from './fastModes.ts';
import './boosts.css';

/** The catalogue's blasts, in its order. */
const RAIL: readonly FastMode[] = BLAST_MODES;

/** The blasts (bomb, paint can, pumpkin) with their counts (SPEC §2, signed-in players only). */
export function BlastRail({
  goods,
  mode,
  busy,
  onPress,
}: {
  goods: GoodsAvailable;
  mode: FastMode | null;
  busy: boolean;
  onPress(mode: FastMode): void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="blast-rail panel" data-testid="blast-rail">
      <legend className="visually-hidden">{t('boosts.title')}</legend>
      {RAIL.map((m) => (
        <BoostButton
          key={m}
          productId={FAST_MODE_PRODUCT[m]}
          label={t(`boosts.${m}`)}
          count={goodsCount(goods, FAST_MODE_PRODUCT[m])}
          active={mode === m}
          busy={busy && mode === m}
          onPress={() => onPress(m)}
        />
      ))}
    </fieldset>
  );
}
