import { formatTokenPrice } from '@pixel-wall/shared/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tokenStatsOnce } from '../../api/stats.ts';
import { useHttp } from '../../api/useHttp.ts';
import { useFormat, withDecimalSeparator } from '../../i18n/format.ts';
import type { GlyphName } from '../../ui/icons/glyphs.ts';
import { Icon } from '../../ui/icons/Icon.tsx';
import { SkeletonBlock } from '../../ui/LoadError/LoadError.tsx';
import { MARKET_SITES } from '../../ui/pxLinks.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { Tokenomics } from './Tokenomics.tsx';
import { Unavailable } from './Unavailable.tsx';

const USES: ReadonlyArray<readonly [key: string, icon: GlyphName]> = [
  ['shop', 'star'],
  ['boosts', 'bolt'],
  ['rewards', 'coin'],
  ['community', 'megaphone'],
];

/** /px/token: market figures, the tokenomics split, where to follow PX and what it is for. */
export function TokenTab() {
  const { t } = useTranslation();
  const format = useFormat();
  const dollars = (n: number | null) => (n === null ? '—' : `$${format.compact(n)}`);
  const http = useHttp();
  const load = useCallback(() => tokenStatsOnce(http), [http]);
  const stats = useAsync(load);

  let market = <SkeletonBlock height={96} />;
  if (stats.data) {
    market = (
      <dl className="px-figures" data-testid="px-market">
        <div className="px-figures__tile">
          <dt>{t('px.price')}</dt>
          <dd className="pixel-num" data-testid="px-price">
            {withDecimalSeparator(format.language, formatTokenPrice(stats.data.price))}
          </dd>
        </div>
        <div className="px-figures__tile">
          <dt>{t('px.marketCap')}</dt>
          <dd className="pixel-num" data-testid="px-market-cap">
            {dollars(stats.data.market_cap)}
          </dd>
        </div>
        <div className="px-figures__tile">
          <dt>{t('px.volume')}</dt>
          <dd className="pixel-num" data-testid="px-volume">
            {dollars(stats.data.volume)}
          </dd>
        </div>
      </dl>
    );
  } else if (stats.status === 'rejected') {
    market = (
      <Unavailable
        error={stats.error}
        text={t('px.marketUnavailable')}
        notConfigured={t('px.marketNotConfigured')}
        onRetry={stats.retry}
      />
    );
  }

  return (
    <>
      <section className="px-card" aria-labelledby="px-market-title">
        <h2 id="px-market-title" className="px-card__title pixel-text">
          {t('px.market')}
        </h2>
        {market}
        <div className="px-links">
          {MARKET_SITES.map((site) => (
            <a key={site.id} className="btn" href={site.url} target="_blank" rel="noopener noreferrer">
              {site.name}
            </a>
          ))}
        </div>
      </section>
      <Tokenomics supply={stats.data?.supply ?? null} />
      <section className="px-card" aria-labelledby="px-uses">
        <h2 id="px-uses" className="px-card__title pixel-text">
          {t('px.uses.title')}
        </h2>
        <ul className="px-uses">
          {USES.map(([key, icon]) => (
            <li key={key}>
              <Icon name={icon} size={22} />
              <span>{t(`px.uses.${key}`)}</span>
            </li>
          ))}
        </ul>
        <Link className="btn btn--primary btn--block" to="/px/get" replace>
          {t('px.get')}
        </Link>
      </section>
    </>
  );
}
