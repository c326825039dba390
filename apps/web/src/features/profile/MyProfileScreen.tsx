import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { selectSignedIn } from '../../store/sessionSlice.ts';
import { fetchMe, selectUser, selectUserStatus } from '../../store/userSlice.ts';
import { GuestNote } from '../../ui/GuestNote/GuestNote.tsx';
import { LoadError, SkeletonBlock } from '../../ui/LoadError/LoadError.tsx';
import { PlayerPopups } from './PlayerPopups.tsx';
import { ProfileView } from './ProfileView.tsx';
import { isProfileTab, type ProfileTab, profileOfUser } from './profileData.ts';

/** SPEC §2 /my-profile: Info by default, `?tab=achievements|inventory` from links and the menu. */
export function MyProfileScreen() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectSignedIn);
  const user = useAppSelector(selectUser);
  const status = useAppSelector(selectUserStatus);
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: ProfileTab = isProfileTab(raw) ? raw : 'info';

  const setTab = (next: ProfileTab) => setParams(next === 'info' ? {} : { tab: next }, { replace: true });

  let body = <SkeletonBlock height={320} />;
  if (!signedIn) body = <GuestNote text={t('profile.guest')} />;
  else if (user)
    body = (
      <ProfileView
        profile={profileOfUser(user)}
        tab={tab}
        onTab={setTab}
        withInventory
        onSquad={() => navigate('/my-squad')}
      />
    );
  else if (status === 'rejected')
    body = <LoadError text={t('profile.loadFailed')} onRetry={() => void dispatch(fetchMe())} />;

  return (
    <section className="page">
      <h1 className="page__title pixel-text">{t('profile.title')}</h1>
      {body}
      <PlayerPopups />
    </section>
  );
}
