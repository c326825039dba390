import { useTranslation } from 'react-i18next';
import { usePlatform } from '../platform/PlatformContext.tsx';
import { PlaceholderPage } from '../ui/Placeholder/PlaceholderPage.tsx';

/** A route whose screen is not built yet; `titleKey` names it in the player's language. */
export function ComingSoonPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return <PlaceholderPage title={t(titleKey)} />;
}

/** The shop is Star Shop in Telegram and TON Shop on the web (SPEC §1). */
export function ShopComingSoonPage() {
  const { t } = useTranslation();
  const platform = usePlatform();
  return (
    <PlaceholderPage
      title={t(platform.kind === 'telegram' ? 'pages.starShop' : 'pages.tonShop')}
      icon="star"
    />
  );
}
