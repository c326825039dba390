import type { PayoutStatus, Reward } from '@pixel-wall/shared';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { showToast } from '../../store/uiSlice.ts';
import { selectUser } from '../../store/userSlice.ts';
import { RewardProgress } from './RewardProgress.tsx';
import { fetchPayoutStatus, fetchTokenRewards, tokenRewardAction } from './rewardsApi.ts';
import { canAct, explorerUrl, markPending, phaseOf } from './tokenRewards.ts';
import './rewards.css';

/** What the player has obtained so far (GET /rewards/tokens/obtain/progress), then the rewards. */
export function TokenRewards() {
  return (
    <>
      <RewardProgress />
      <TokenRewardList />
    </>
  );
}

/** The player's token rewards with Claim / Burn, their pending state and explorer links. */
function TokenRewardList() {
  const { t } = useTranslation();
  const format = useFormat();
  const dispatch = useAppDispatch();
  const [list, setList] = useState<Reward[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [inFlight, setInFlight] = useState<ReadonlySet<number>>(new Set());
  const [payouts, setPayouts] = useState<PayoutStatus | null>(null);
  const hasWallet = Boolean(useAppSelector(selectUser)?.walletAddress);

  const load = useCallback(async () => {
    setFailed(false);
    const [rewards, status] = await Promise.all([
      dispatch(fetchTokenRewards()),
      dispatch(fetchPayoutStatus()),
    ]);
    setPayouts(status);
    if (rewards) setList(rewards);
    else setFailed(true);
  }, [dispatch]);
  useEffect(() => {
    void load();
  }, [load]);

  const act = async (reward: Reward, action: 'claim' | 'burn') => {
    if (!canAct(reward, inFlight)) return;
    setInFlight((s) => new Set(s).add(reward.id));
    const ok = await dispatch(tokenRewardAction(reward.id, action));
    setInFlight((s) => {
      const next = new Set(s);
      next.delete(reward.id);
      return next;
    });
    if (ok) setList((l) => (l ? markPending(l, reward.id) : l));
    dispatch(showToast(ok ? t('rewards.success') : t('rewards.error'), ok ? 'success' : 'error'));
  };

  if (failed)
    return (
      <div className="token-rewards__empty" role="alert">
        <p>{t('rewards.loadFailed')}</p>
        <button type="button" className="btn" onClick={() => void load()}>
          {t('common.retry')}
        </button>
      </div>
    );
  if (!list) return <p className="token-rewards__empty">{t('common.loading')}</p>;
  if (list.length === 0) return <p className="token-rewards__empty">{t('rewards.none')}</p>;
  const paused = payouts !== null && !payouts.enabled;
  const waiting = list.some((r) => phaseOf(r) !== 'success');
  return (
    <>
      {waiting ? (
        <p className="token-rewards__note" data-testid="payout-note" data-paused={paused}>
          {paused ? t('rewards.payoutsPaused') : hasWallet ? t('rewards.payoutsOn') : t('rewards.needWallet')}
        </p>
      ) : null}
      <ul className="token-rewards" data-testid="token-rewards">
        {list.map((r) => {
          const phase = phaseOf(r);
          const busy = inFlight.has(r.id);
          return (
            <li key={r.id} className="token-reward" data-phase={phase}>
              <span className="token-reward__what">
                <strong className="pixel-num">
                  {format.decimal(r.amount)} {r.token ?? 'PX'}
                </strong>
                <span className="token-reward__name">{r.name}</span>
              </span>
              {phase === 'claimable' ? (
                <span className="token-reward__actions">
                  <button
                    type="button"
                    className="btn btn--primary"
                    aria-busy={busy}
                    onClick={() => void act(r, 'claim')}
                  >
                    {t('rewards.claim')}
                  </button>
                  <button type="button" className="btn" aria-busy={busy} onClick={() => void act(r, 'burn')}>
                    {t('rewards.burn')}
                  </button>
                </span>
              ) : phase === 'pending' ? (
                <span
                  className="token-reward__status"
                  title={paused ? t('rewards.payoutsPaused') : undefined}
                >
                  {paused ? t('rewards.pendingPaused') : t('rewards.pending')}
                </span>
              ) : r.hash ? (
                <a className="token-reward__link" href={explorerUrl(r.hash)} target="_blank" rel="noreferrer">
                  {t('rewards.explorer')}
                </a>
              ) : (
                <span className="token-reward__status">{t('rewards.sent')}</span>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
