import type { GoodsAvailable } from '@pixel-wall/shared';
import { useTranslation } from 'react-i18next';
import { goodsCount } from '../../store/shopStore.ts';
import { BoostButton } from './BoostButton.tsx';
import type { FastMode } from './fastModes.ts';
import { PIPETTE_PRODUCT } from './pipette.ts';
import './boosts.css';

/**
 * The bottom bar's fast energy (1), fast mode (5), pipette (4) and the Pixanos' Snap (13: used
 * when held, with its count; otherwise a shop shortcut). Fast mode and the pipette are kept once bought: without them the button shows
 * '+' and opens the shop for the product.
 */
export function PaintBarBoosts({
  goods,
  mode,
  picking = false,
  onPress,
  onPipette,
  onSnap,
}: {
  goods: GoodsAvailable;
  mode: FastMode | null;
  /** the pipette is armed */
  picking?: boolean;
  onPress(mode: FastMode): void;
  onPipette?(): void;
  onSnap(): void;
}) {
  const { t } = useTranslation();
  const fastOwned = goodsCount(goods, 5) > 0;
  const pipetteOwned = goodsCount(goods, PIPETTE_PRODUCT) > 0;
  return (
    <>
      <BoostButton
        productId={1}
        label={t('boosts.energy')}
        count={goodsCount(goods, 1)}
        active={mode === 'energy'}
        onPress={() => onPress('energy')}
        className="paint-bar__tool"
      />
      <BoostButton
        productId={5}
        label={t('boosts.fast')}
        count={fastOwned ? null : 0}
        active={mode === 'fast'}
        onPress={() => onPress('fast')}
        className="paint-bar__tool"
      />
      {onPipette ? (
        <BoostButton
          productId={PIPETTE_PRODUCT}
          label={t('boosts.pipette')}
          count={pipetteOwned ? null : 0}
          active={picking}
          onPress={onPipette}
          className="paint-bar__tool"
        />
      ) : null}
      <BoostButton
        productId={13}
        label={t('boosts.snap')}
        count={goodsCount(goods, 13) > 0 ? goodsCount(goods, 13) : null}
        active={false}
        onPress={onSnap}
        className="paint-bar__tool"
      />
    </>
  );
}
