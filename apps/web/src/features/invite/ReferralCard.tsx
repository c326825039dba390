import type { User } from '@pixel-wall/shared';
import { truncateSquadName } from '@pixel-wall/shared/core';
import { useTranslation } from 'react-i18next';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { selectPublicConfig } from '../../store/configSlice.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { showToast } from '../../store/uiSlice.ts';
import { copyText } from '../../ui/clipboard.ts';
import { Icon } from '../../ui/icons/Icon.tsx';
import { referralLink, shareReferral } from './referral.ts';

/** The player's referral link with Copy and Share (SPEC §2 /invite-frens, §8 copy texts). */
export function ReferralCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const platform = usePlatform();
  const config = useAppSelector(selectPublicConfig);
  const link = referralLink(
    user.id,
    user.squad?.id ?? null,
    config?.botUsername ?? null,
    config?.appUrl ?? window.location.origin,
  );

  const copy = async () => {
    const ok = await copyText(link);
    dispatch(showToast(ok ? t('invite.copied') : t('invite.copyFailed'), ok ? 'success' : 'error'));
  };

  const share = async () => {
    const outcome = await shareReferral(platform, link, t('invite.shareText'));
    if (outcome === 'copied') dispatch(showToast(t('invite.copied'), 'success'));
    if (outcome === 'failed') dispatch(showToast(t('invite.copyFailed'), 'error'));
  };

  return (
    <div className="referral panel">
      <label className="referral__label" htmlFor="referral-link">
        {t('invite.yourLink')}
      </label>
      <input
        id="referral-link"
        className="referral__link pixel-num"
        data-testid="referral-link"
        value={link}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
      />
      {user.squad && (
        <p className="referral__squad">
          {t('invite.squadNote', { name: truncateSquadName(user.squad.name) })}
        </p>
      )}
      <div className="referral__actions">
        <button type="button" className="btn" onClick={() => void copy()}>
          <Icon name="doc" size={18} />
          {t('invite.copy')}
        </button>
        <button type="button" className="btn btn--primary" onClick={() => void share()}>
          <Icon name="invite" size={18} />
          {t('invite.share')}
        </button>
      </div>
    </div>
  );
}
