import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { getParsed, useHttp } from '../../api/useHttp.ts';
import { useFormat } from '../../i18n/format.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { selectUser } from '../../store/userSlice.ts';
import { LoadError, SkeletonBlock } from '../../ui/LoadError/LoadError.tsx';
import { useAsync } from '../../ui/useAsync.ts';
import './mining.css';

/**
 * The player's final mining results (GET /users/game/results): every PX claimed from mining, the
 * PX spent on boosts and the levels bought, and their place among the miners. Loaded again when
 * the balance changes (a claim or a boost bought).
 */
export function MiningResults() {
  const { t } = useTranslation();
  const format = useFormat();
  const http = useHttp();
  const user = useAppSelector(selectUser);
  const load = useCallback(
    (signal: AbortSignal) =>
      getParsed(http, '/users/game/results', (s) => s.miningResultsResponse, { signal }),
    [http],
  );
  const results = useAsync(user ? load : null);
  const coins = user?.pixelCoins ?? null;
  const seenCoins = useRef(coins);
  const { retry } = results;
  useEffect(() => {
    if (seenCoins.current === coins) return;
    seenCoins.current = coins;
    retry();
  }, [coins, retry]);
  if (!user) return null;
  const data = results.data;
  const px = (milli: number) => `${format.number(milli / 1000, { maximumFractionDigits: 3 })} PX`;

  return (
    <>
      <h3 id="mining-results-title" className="mining-sheet__title pixel-text">
        {t('results.title')}
      </h3>
      {results.status === 'rejected' && !data ? (
        <LoadError text={t('results.failed')} onRetry={results.retry} />
      ) : !data ? (
        <SkeletonBlock height={112} />
      ) : (
        <section className="mining-card" data-testid="mining-results" aria-labelledby="mining-results-title">
          <div className="mining-card__row">
            <span className="mining-card__label">{t('results.mined')}</span>
            <strong className="pixel-num" data-testid="results-mined">
              {px(data.claimedMilli)}
            </strong>
          </div>
          <div className="mining-card__row">
            <span className="mining-card__label">{t('results.spent')}</span>
            <strong className="pixel-num" data-testid="results-spent">
              {px(data.boostsSpentMilli)}
            </strong>
          </div>
          <div className="mining-card__row">
            <span className="mining-card__label">{t('results.levels')}</span>
            <strong className="pixel-num">{format.integer(data.boostLevels)}</strong>
          </div>
          <div className="mining-card__row">
            <span className="mining-card__label">{t('results.place')}</span>
            <strong className="pixel-num" data-testid="results-place">
              {data.place > 0
                ? t('results.placeValue', {
                    place: format.integer(data.place),
                    miners: format.integer(data.miners),
                  })
                : t('results.noPlace')}
            </strong>
          </div>
        </section>
      )}
    </>
  );
}
