import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { fetchMiningStatus, selectMining } from '../../store/miningSlice.ts';
import { showToast } from '../../store/uiSlice.ts';
import { selectUser } from '../../store/userSlice.ts';
import { claimMining } from './claim.ts';
import { formatPx, livePx, type MiningClock } from './px.ts';
import './mining.css';

/** PX counted live from the last mining status; refreshes the status on mount. */
export function useMiningClock(): MiningClock | null {
  const dispatch = useAppDispatch();
  const data = useAppSelector(selectMining);
  const [receivedAt, setReceivedAt] = useState(() => Date.now());
  const fromUpdate = data?.fromUpdate ?? null;
  useEffect(() => {
    void dispatch(fetchMiningStatus());
  }, [dispatch]);
  // A new status (seconds since the claim moved) restarts the local count from now.
  useEffect(() => {
    if (fromUpdate !== null) setReceivedAt(Date.now());
  }, [fromUpdate]);
  if (!data) return null;
  return {
    fromUpdate: data.fromUpdate,
    maxMiningTime: data.maxMiningTime,
    speedPerSecond: data.speedPerSecond,
    receivedAt,
  };
}

function useTicker(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/**
 * The compact mining card (SPEC §3 Mining, §7): PX accrued so far, live, up to the cap, the
 * balance, and Claim.
 */
export function MiningCard() {
  const { t } = useTranslation();
  const format = useFormat();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const current = useMiningClock();
  const [claiming, setClaiming] = useState(false);
  const now = useTicker(500);
  const live = current ? livePx(current, Math.max(now, current.receivedAt)) : null;

  const claim = async () => {
    if (claiming) return;
    setClaiming(true);
    const result = await dispatch(claimMining());
    setClaiming(false);
    dispatch(result ? showToast(t('mining.success'), 'success') : showToast(t('mining.error'), 'error'));
  };

  return (
    <section className="mining-card" data-testid="mining-card" aria-label={t('mining.title')}>
      <div className="mining-card__row">
        <span className="mining-card__label">{t('mining.accrued')}</span>
        <strong className="mining-card__px pixel-num" data-testid="mining-px">
          {live ? formatPx(format.language, live.px) : '…'} PX
        </strong>
      </div>
      <span className="mining-card__bar" aria-hidden="true">
        <span className="mining-card__fill" style={{ transform: `scaleX(${live?.progress ?? 0})` }} />
      </span>
      <p className="mining-card__hint">
        {live?.full
          ? t('mining.full')
          : t('mining.speed', { speed: format.number(current?.speedPerSecond ?? 0) })}
      </p>
      <div className="mining-card__row">
        <span className="mining-card__label">{t('mining.balance')}</span>
        <strong className="pixel-num" data-testid="mining-balance">
          {format.integer(user?.pixelCoins ?? 0)} PX
        </strong>
      </div>
      <button
        type="button"
        className="btn btn--primary btn--block"
        data-testid="mining-claim"
        disabled={!live || live.px <= 0}
        aria-busy={claiming}
        onClick={() => void claim()}
      >
        {claiming ? <span className="spinner" aria-hidden="true" /> : null}
        {t('mining.claim')}
      </button>
    </section>
  );
}
