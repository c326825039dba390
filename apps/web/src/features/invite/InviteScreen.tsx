import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { selectSignedIn } from '../../store/sessionSlice.ts';
import { selectUser } from '../../store/userSlice.ts';
import { GuestNote } from '../../ui/GuestNote/GuestNote.tsx';
import { SkeletonBlock } from '../../ui/LoadError/LoadError.tsx';
import { PlayerPopups } from '../profile/PlayerPopups.tsx';
import { FriendsList } from './FriendsList.tsx';
import { ReferralCard } from './ReferralCard.tsx';
import { ReferralProgress } from './ReferralProgress.tsx';
import { RevenueShare } from './RevenueShare.tsx';
import '../../ui/list/list.css';
import './invite.css';

/**
 * SPEC §2 /invite-frens: the referral link, Copy and Share, frens and referral achievements, and
 * the revenue share (open from 10,000 frens).
 */
export function InviteScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const signedIn = useAppSelector(selectSignedIn);
  const user = useAppSelector(selectUser);

  let body = <SkeletonBlock height={320} />;
  if (!signedIn) body = <GuestNote text={t('invite.guest')} />;
  else if (user)
    body = (
      <>
        <ReferralCard user={user} />
        <section className="invite__section" aria-labelledby="frens-title">
          <h2 id="frens-title" className="invite__title pixel-text">
            {t('invite.frens')}
            <span className="invite__count pixel-num" data-testid="friends-count">
              {format.compact(user.friends)}
            </span>
          </h2>
          <ReferralProgress friends={user.friends} />
        </section>
        <RevenueShare user={user} />
        <section className="invite__section" aria-labelledby="frens-list-title">
          <h2 id="frens-list-title" className="invite__title pixel-text">
            {t('invite.frensList')}
          </h2>
          <FriendsList />
        </section>
      </>
    );

  return (
    <section className="page invite">
      <h1 className="page__title pixel-text">{t('invite.title')}</h1>
      <p className="invite__lead">{t('invite.lead')}</p>
      {body}
      <PlayerPopups />
    </section>
  );
}
