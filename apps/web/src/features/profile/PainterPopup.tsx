import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../store/hooks.ts';
import { popupPopped, popupPushed } from '../../store/uiSlice.ts';
import { LoadError, SkeletonBlock } from '../../ui/LoadError/LoadError.tsx';
import { Overlay } from '../../ui/Overlay/Overlay.tsx';
import { BanButtons } from '../moderation/BanButtons.tsx';
import { PlayerPurchases } from '../moderation/PlayerPurchases.tsx';
import { ProfileView } from './ProfileView.tsx';
import { type ProfileTab, profileOfView } from './profileData.ts';
import { usePainter } from './usePainter.ts';

/** SPEC §2 painter popup: any player's profile, without inventory, Ban/Unban for staff, purchases for admins. */
export function PainterPopup({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { status, data: profile, retry, update } = usePainter(userId);
  const [tab, setTab] = useState<ProfileTab>('info');
  const close = () => dispatch(popupPopped());

  let body = <SkeletonBlock height={280} />;
  if (profile) {
    body = (
      <>
        <ProfileView
          profile={profileOfView(profile)}
          tab={tab}
          onTab={setTab}
          withInventory={false}
          onSquad={(squad) => dispatch(popupPushed({ kind: 'squad', props: { squadId: squad.id } }))}
          idAside={
            <BanButtons userId={profile.id} onChange={(banned) => update((p) => ({ ...p, banned }))} />
          }
        />
        <PlayerPurchases userId={profile.id} />
      </>
    );
  } else if (status === 'rejected') {
    body = <LoadError text={t('profile.loadFailed')} onRetry={retry} />;
  }

  return (
    <Overlay open onClose={close} title={t('profile.painterTitle')} variant="sheet">
      <div className="player-popup" data-testid="painter-popup">
        {body}
      </div>
    </Overlay>
  );
}
