import type { ShopProduct } from '@pixel-wall/shared';
import { productById } from '@pixel-wall/shared/core';
import { useTranslation } from 'react-i18next';

/** A product's name and description in the player's language, the catalogue's text as fallback. */
export function useProductText(product: Pick<ShopProduct, 'id' | 'name' | 'description'>): {
  name: string;
  description: string;
} {
  const { t } = useTranslation();
  const key = productById(product.id)?.key;
  if (!key) return { name: product.name, description: product.description };
  return {
    name: t(`shop.products.${key}.name`, { defaultValue: product.name }),
    description: t(`shop.products.${key}.description`, { defaultValue: product.description }),
  };
}
