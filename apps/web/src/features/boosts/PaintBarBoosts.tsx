import type { GoodsAvailable } from '@pixel-wall/shared';
import { useTranslation } from 'react-i18next';
import { goodsCount } from '../shop/shopStore.ts';
import { BoostButton } from './BoostButton.tsx';
import type { FastMode } from './fastModes.ts';
import './boosts.css';

/** The bottom bar's fast energy (1), fast mode (5) and Pixanos' Snap shop shortcut (13). */
export function PaintBarBoosts({
  goods,
  mode,
  onPress,
  onSnap,
}: {
  goods: GoodsAvailable;
  mode: FastMode | null;
  onPress(mode: FastMode): void;
  onSnap(): void;
}) {
  const { t } = useTranslation();
  const fastOwned = goodsCount(goods, 5) > 0;
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
      <BoostButton
        productId={13}
        label={t('boosts.snap')}
        count={null}
        active={false}
        onPress={onSnap}
        className="paint-bar__tool"
      />
    </>
  );
}
