import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { RollingNumber } from '../../ui/RollingNumber/RollingNumber.tsx';
import { ProductIcon } from '../shop/ProductIcon.tsx';

export interface BoostButtonProps {
  productId: number;
  label: string;
  count: number | null;
  active: boolean;
  busy?: boolean;
  onPress(): void;
  className?: string;
}

/** A square tool button with the product's picture and a count badge; pressed while active. */
export function BoostButton({
  productId,
  label,
  count,
  active,
  busy = false,
  onPress,
  className,
}: BoostButtonProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const empty = count !== null && count <= 0;
  return (
    <button
      type="button"
      className={`boost-btn${active ? ' is-active' : ''}${empty ? ' is-empty' : ''}${className ? ` ${className}` : ''}`}
      data-testid={`boost-${productId}`}
      aria-label={empty ? t('boosts.getMore', { name: label }) : label}
      aria-pressed={active}
      aria-busy={busy}
      onClick={onPress}
    >
      <ProductIcon productId={productId} size={28} />
      {count !== null ? (
        <span className="boost-btn__count pixel-num" data-testid={`boost-count-${productId}`}>
          {empty ? (
            '+'
          ) : count > 999 ? (
            `${format.integer(999)}+`
          ) : (
            <RollingNumber value={count} format={format.integer} />
          )}
        </span>
      ) : null}
    </button>
  );
}
