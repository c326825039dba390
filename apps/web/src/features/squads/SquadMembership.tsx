import type { SquadInfo } from '@pixel-wall/shared';
import { truncateSquadName } from '@pixel-wall/shared/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../store/hooks.ts';
import { selectSignedIn } from '../../store/sessionSlice.ts';
import { selectUser } from '../../store/userSlice.ts';
import { useMembership } from './useMembership.ts';

export interface SquadMembershipProps {
  squad: Pick<SquadInfo, 'id' | 'name' | 'slug' | 'logo'>;
  /** After a join or leave went through. */
  onChanged?: () => void;
}

/** 'Your Squad. Leave?' (with a confirmation) for one's own squad, else 'Join squad'. */
export function SquadMembership({ squad, onChanged }: SquadMembershipProps) {
  const { t } = useTranslation();
  const signedIn = useAppSelector(selectSignedIn);
  const user = useAppSelector(selectUser);
  const { pending, join, leave } = useMembership();
  const [confirming, setConfirming] = useState(false);

  if (!signedIn) return <p className="squad-actions__hint">{t('squads.signInToJoin')}</p>;
  if (!user) return null;

  if (user.squad?.id !== squad.id) {
    return (
      <div className="squad-actions">
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={pending}
          aria-busy={pending}
          onClick={async () => {
            if (await join(squad)) onChanged?.();
          }}
        >
          {pending && <span className="spinner" aria-hidden="true" />}
          {t('squads.join')}
        </button>
      </div>
    );
  }

  if (!confirming) {
    return (
      <div className="squad-actions">
        <button
          type="button"
          className="btn btn--block squad-actions__own"
          onClick={() => setConfirming(true)}
        >
          {t('squads.yourSquadLeave')}
        </button>
      </div>
    );
  }

  return (
    <div className="squad-actions squad-actions--confirm" data-testid="leave-confirm">
      <p className="squad-actions__question">
        {t('squads.leaveQuestion', { name: truncateSquadName(squad.name) })}
      </p>
      <div className="squad-actions__row">
        <button type="button" className="btn" disabled={pending} onClick={() => setConfirming(false)}>
          {t('squads.stay')}
        </button>
        <button
          type="button"
          className="btn squad-actions__leave"
          disabled={pending}
          aria-busy={pending}
          onClick={async () => {
            if (await leave()) {
              setConfirming(false);
              onChanged?.();
            }
          }}
        >
          {pending && <span className="spinner" aria-hidden="true" />}
          {t('squads.leave')}
        </button>
      </div>
    </div>
  );
}
