import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/useHttp.ts';
import { useFormat } from '../../i18n/format.ts';
import { LoadError } from '../../ui/LoadError/LoadError.tsx';
import { SkeletonRows } from '../../ui/list/SkeletonRows.tsx';
import { useAsync } from '../../ui/useAsync.ts';
import { loadPixelPrices } from './api.ts';
import { OwnPixelsMap } from './OwnPixelsMap.tsx';

/**
 * Pixel prices (GET /image/prices): the closer to the centre of the wall, the dearer. One row per
 * tier: its rings from the centre, how many pixels it holds and the price of one.
 */
export function PixelPrices() {
  const { t } = useTranslation();
  const format = useFormat();
  const http = useHttp();
  const load = useCallback((signal: AbortSignal) => loadPixelPrices(http, signal), [http]);
  const prices = useAsync(load);
  const data = prices.data;
  return (
    <section className="pixel-prices" aria-labelledby="pixel-prices-title" data-testid="pixel-prices">
      <h3 id="pixel-prices-title" className="profile-section__title pixel-text">
        {t('profile.pricesTitle')}
      </h3>
      {prices.status === 'rejected' && !data ? (
        <LoadError text={t('profile.pricesFailed')} onRetry={prices.retry} />
      ) : !data ? (
        <SkeletonRows count={4} />
      ) : data.tiers.length === 0 ? (
        <p className="player-list__empty">{t('profile.pricesNone')}</p>
      ) : (
        <>
          <p className="pixel-prices__hint">{t('profile.pricesHint')}</p>
          <ul className="player-list">
            {data.tiers.map((tier) => (
              <li key={tier.fromRing} className="player-row pixel-prices__row" data-testid="pixel-price-tier">
                <span className="player-row__main">
                  <span className="player-row__name">
                    {t('profile.pricesRings', {
                      from: format.integer(tier.fromRing),
                      to: format.integer(tier.toRing),
                    })}
                  </span>
                  <span className="player-row__sub">
                    {t('profile.pricesPixels', { n: format.compact(tier.pixels) })}
                  </span>
                </span>
                <strong className="pixel-num">
                  {format.integer(tier.price)} {data.currency}
                </strong>
              </li>
            ))}
          </ul>
          <OwnPixelsMap tiers={data.tiers} />
        </>
      )}
    </section>
  );
}
