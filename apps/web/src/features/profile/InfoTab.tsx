import type { SquadRef } from '@pixel-wall/shared';
import { formatRank, isLeague, truncate, truncateSquadName, withAt } from '@pixel-wall/shared/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { Avatar } from '../../ui/Avatar/Avatar.tsx';
import { StatGrid } from '../../ui/StatGrid/StatGrid.tsx';
import type { ProfileData } from './profileData.ts';

export interface InfoTabProps {
  profile: ProfileData;
  onSquad: (squad: SquadRef) => void;
  /** Shown beside the user id: the admin's Ban and Unban buttons. */
  idAside?: ReactNode;
}

export function leagueLabel(t: (key: string) => string, league: string): string {
  return isLeague(league) ? t(`ratings.leagues.${league}`) : league;
}

export function InfoTab({ profile, onSquad, idAside }: InfoTabProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const handle = withAt(profile.userName);
  return (
    <div className="profile-info" data-testid="profile-info">
      <div className="profile-head">
        <Avatar src={profile.userPic} size={72} />
        <div className="profile-head__text">
          <h2 className="profile-head__name" data-testid="profile-name">
            {truncate(profile.firstName)}
          </h2>
          {handle && <span className="profile-head__handle">{truncate(handle)}</span>}
          <span className="profile-head__league pixel-text">{leagueLabel(t, profile.league)}</span>
        </div>
      </div>
      <StatGrid
        items={[
          { id: 'rank', label: t('profile.rank'), value: formatRank(profile.rank) || '—' },
          { id: 'repaints', label: t('profile.repaints'), value: format.compact(profile.repaints) },
          { id: 'friends', label: t('profile.friends'), value: format.compact(profile.friends) },
        ]}
      />
      {profile.squad ? (
        <button
          type="button"
          className="profile-squad"
          onClick={() => profile.squad && onSquad(profile.squad)}
        >
          <Avatar src={profile.squad.logo} size={40} kind="squad" />
          <span className="profile-squad__text">
            <span className="profile-squad__label">{t('profile.squad')}</span>
            <strong>{truncateSquadName(profile.squad.name)}</strong>
          </span>
        </button>
      ) : (
        <p className="profile-squad profile-squad--none">{t('profile.noSquad')}</p>
      )}
      <div className="profile-id">
        <span className="pixel-num" data-testid="profile-id">
          {t('profile.userId', { id: profile.id })}
        </span>
        {profile.banned && (
          <span className="profile-id__banned pixel-text">{t('moderation.bannedBadge')}</span>
        )}
        {idAside}
      </div>
    </div>
  );
}
