import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/useHttp.ts';
import { useFormat } from '../../i18n/format.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { loadObtainProgress } from './rewardsApi.ts';

/**
 * The player's token progress (GET /rewards/tokens/obtain/progress): PX obtained in how many
 * rewards, and how much is still to claim. Loading and failure (with a retry) states; nothing at
 * all before the first reward, where the list below says there is none.
 */
export function RewardProgress() {
  const { t } = useTranslation();
  const format = useFormat();
  const http = useHttp();
  const load = useCallback((signal: AbortSignal) => loadObtainProgress(http, signal), [http]);
  const progress = useAsync(load);
  const stats = progress.data;

  if (progress.status === 'rejected' && !stats)
    return (
      <div className="reward-progress reward-progress--failed" role="alert" data-testid="reward-progress">
        <span>{t('rewards.progressFailed')}</span>
        <button type="button" className="btn" onClick={progress.retry}>
          {t('common.retry')}
        </button>
      </div>
    );
  if (!stats)
    return (
      <div className="reward-progress" role="status" aria-busy="true" data-testid="reward-progress">
        <span className="reward-progress__hint">{t('common.loading')}</span>
      </div>
    );
  // Nothing obtained yet: the reward list below already says so.
  if (stats.count === 0) return null;
  return (
    <dl className="reward-progress" data-testid="reward-progress">
      <div>
        <dt>{t('rewards.progressObtained', { n: format.integer(stats.count) })}</dt>
        <dd className="pixel-num">{format.decimal(stats.total)} PX</dd>
      </div>
      <div>
        <dt>{t('rewards.progressClaimable')}</dt>
        <dd className="pixel-num">{format.decimal(stats.reward_size)} PX</dd>
      </div>
    </dl>
  );
}
