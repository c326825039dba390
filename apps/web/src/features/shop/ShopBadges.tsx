import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import type { Badges } from './catalogue.ts';

/** SPEC §2 row badges: limited, event and sale (the real discount, "−75 %" the language's way). */
export function ShopBadges({ badges }: { badges: Badges }) {
  const { t } = useTranslation();
  const format = useFormat();
  const off = badges.sale;
  return (
    <>
      {badges.limited ? <span className="badge badge--limited">{t('shop.badgeLimited')}</span> : null}
      {badges.event ? (
        <span className="badge badge--event" data-testid="badge-event">
          {t('shop.badgeEvent')}
        </span>
      ) : null}
      {off === null ? null : (
        <span className="badge badge--sale" data-testid="badge-sale">
          <span aria-hidden="true">{format.percent(-off, { maximumFractionDigits: 0 })}</span>
          <span className="visually-hidden">{t('shopSale.off', { percent: format.percent(off) })}</span>
        </span>
      )}
    </>
  );
}
