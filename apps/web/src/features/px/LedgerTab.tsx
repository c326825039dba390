import { buybackPercent, PX_BURNED, PX_BUYBACK_BASE, PX_FUND, type PxLedgerKind } from '@pixel-wall/shared';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/useHttp.ts';
import { useFormat } from '../../i18n/format.ts';
import { fetchPublicConfig, selectPublicConfig } from '../../store/configSlice.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { SkeletonBlock } from '../../ui/LoadError/LoadError.tsx';
import { CHANNEL_URL } from '../../ui/links.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { loadLedger } from './api.ts';
import { Unavailable } from './Unavailable.tsx';

const TARGET: Record<PxLedgerKind, number> = { buyback: PX_BUYBACK_BASE, burn: PX_BURNED, fund: PX_FUND };
/** Ledger amounts: PX to the hundredth. */
const PX_DIGITS: Intl.NumberFormatOptions = { maximumFractionDigits: 2 };

/** /px/buyback, /px/burn, /px/fund: the statement, the total, the wallet and its PX transfers. */
export function LedgerTab({ kind }: { kind: PxLedgerKind }) {
  const { t } = useTranslation();
  const format = useFormat();
  const http = useHttp();
  const px = (n: number) => format.number(n, PX_DIGITS);
  const load = useCallback((signal: AbortSignal) => loadLedger(http, kind, signal), [http, kind]);
  const ledger = useAsync(load);
  // The amount committed to the buyback is the operator's setting (PX_BUYBACK_COMMITTED): stated
  // only where it is configured.
  const committedUsd = useAppSelector(selectPublicConfig)?.pxBuybackCommittedUsd ?? null;
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(fetchPublicConfig());
  }, [dispatch]);

  let body = <SkeletonBlock height={240} />;
  if (ledger.data) {
    const data = ledger.data;
    body = (
      <>
        <div className="px-total" data-testid="ledger-total">
          <span className="px-total__label">{t(`px.ledger.${kind}.total`)}</span>
          <span className="px-total__value pixel-num">{px(data.total)} PX</span>
          <span className="px-total__note">
            {kind === 'buyback'
              ? t('px.ledger.buyback.percent', {
                  percent: format.number(buybackPercent(data.total)),
                  base: format.compact(PX_BUYBACK_BASE),
                })
              : t('px.ledger.ofTarget', { target: px(TARGET[kind]) })}
          </span>
        </div>
        <a
          className="px-wallet"
          href={data.walletUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="ledger-wallet"
        >
          <span className="px-wallet__label">{t('px.ledger.wallet')}</span>
          <span className="px-wallet__address pixel-num">{data.wallet}</span>
        </a>
        <h3 className="px-card__subtitle pixel-text">{t('px.ledger.transactions')}</h3>
        {data.items.length === 0 ? (
          <p className="px-empty">{t('px.ledger.empty')}</p>
        ) : (
          <ol className="px-tx" data-testid="ledger-items">
            {data.items.map((item) => (
              <li key={item.url} className="px-tx__row">
                <span
                  className={
                    item.amount < 0 ? 'px-tx__amount px-tx__amount--out pixel-num' : 'px-tx__amount pixel-num'
                  }
                >
                  {item.amount > 0 ? '+' : ''}
                  {px(item.amount)} PX
                </span>
                <span className="px-tx__label">
                  {item.name || (item.amount < 0 ? t('px.ledger.out') : t('px.ledger.in'))}
                </span>
                <time className="px-tx__date" dateTime={item.date}>
                  {format.dateTime(item.date)}
                </time>
                <a className="px-tx__link" href={item.url} target="_blank" rel="noopener noreferrer">
                  {t('px.ledger.explorer')}
                </a>
              </li>
            ))}
          </ol>
        )}
      </>
    );
  } else if (ledger.status === 'rejected') {
    body = (
      <Unavailable
        error={ledger.error}
        text={t('px.ledger.unavailable')}
        notConfigured={t('px.ledger.notConfigured')}
        onRetry={ledger.retry}
      />
    );
  }

  return (
    <section className="px-card" aria-labelledby={`px-${kind}`}>
      <h2 id={`px-${kind}`} className="px-card__title pixel-text">
        {t(`px.ledger.${kind}.title`)}
      </h2>
      <p className="px-card__text">
        {t(`px.ledger.${kind}.statement`, { amount: format.compact(TARGET[kind]) })}
        {kind === 'buyback' && committedUsd !== null ? (
          <span data-testid="buyback-committed">
            {' '}
            {t('px.ledger.buyback.committed', { usd: format.compact(committedUsd) })}
          </span>
        ) : null}
      </p>
      {CHANNEL_URL && (
        <a className="px-card__link" href={CHANNEL_URL} target="_blank" rel="noopener noreferrer">
          {t('px.ledger.statementLink')}
        </a>
      )}
      {body}
    </section>
  );
}
