import { ShopScreen } from '../features/shop/ShopScreen.tsx';

/** /stars: the shop (Star Shop in Telegram, TON Shop on the web). */
export function StarsPage() {
  return <ShopScreen />;
}
