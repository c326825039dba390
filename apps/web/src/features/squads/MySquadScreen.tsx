import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { selectSignedIn } from '../../store/sessionSlice.ts';
import { fetchMe, selectUser, selectUserStatus } from '../../store/userSlice.ts';
import { failureText } from '../../ui/failureText.ts';
import { GuestNote } from '../../ui/GuestNote/GuestNote.tsx';
import { PixelIcon } from '../../ui/icons/PixelIcon.tsx';
import { playerGlyphs } from '../../ui/icons/playerGlyphs.ts';
import { LoadError, SkeletonBlock } from '../../ui/LoadError/LoadError.tsx';
import { PlayerPopups } from '../profile/PlayerPopups.tsx';
import { SquadView } from './SquadView.tsx';
import { useSquad } from './useSquad.ts';
import './squads.css';

function squadIdOf(raw: string | null): number | null {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 ? id : null;
}

function NoSquad() {
  const { t } = useTranslation();
  return (
    <div className="squad-none" data-testid="no-squad">
      <PixelIcon rows={playerGlyphs.squads} size={48} className="squad-none__art" />
      <p>{t('squads.none')}</p>
      <Link to="/ratings?section=squads" className="btn btn--primary">
        {t('squads.browse')}
      </Link>
    </div>
  );
}

/** SPEC §2 squad page: one's own squad, or another one with `?id=`. */
export function MySquadScreen() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const signedIn = useAppSelector(selectSignedIn);
  const user = useAppSelector(selectUser);
  const userStatus = useAppSelector(selectUserStatus);
  const asked = squadIdOf(params.get('id'));
  const ownId = user?.squad?.id ?? null;
  const id = asked ?? ownId;
  const { status, data: squad, error, retry: reload } = useSquad(id);

  let body = <SkeletonBlock height={320} />;
  if (asked === null && !signedIn) body = <GuestNote text={t('squads.guest')} />;
  else if (asked === null && user && ownId === null) body = <NoSquad />;
  else if (asked === null && !user && userStatus === 'rejected')
    body = <LoadError text={t('profile.loadFailed')} onRetry={() => void dispatch(fetchMe())} />;
  else if (squad && squad.id === id) body = <SquadView squad={squad} onChanged={reload} />;
  else if (status === 'rejected')
    body = <LoadError text={failureText(t, error, 'squads.loadFailed')} onRetry={reload} />;

  return (
    <section className="page">
      <h1 className="page__title pixel-text">{t('squads.title')}</h1>
      {body}
      <PlayerPopups />
    </section>
  );
}
