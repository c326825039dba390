import { type League, RATING_PERIODS, type RatingPeriod } from '@pixel-wall/shared';
import { LEAGUES } from '@pixel-wall/shared/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppSelector } from '../../store/hooks.ts';
import { selectUser } from '../../store/userSlice.ts';
import { Tabs } from '../../ui/Tabs/Tabs.tsx';
import { PlayerPopups } from '../profile/PlayerPopups.tsx';
import { LeagueBoard } from './LeagueBoard.tsx';
import { PaintersBoard } from './PaintersBoard.tsx';
import { RatingsNav } from './RatingsNav.tsx';
import { SquadsBoard } from './SquadsBoard.tsx';
import '../../ui/list/list.css';
import './ratings.css';

export type RatingsSection = 'painters' | 'leagues' | 'squads';

function isLeague(value: string | null | undefined): value is League {
  return value !== null && value !== undefined && (LEAGUES as readonly string[]).includes(value);
}

function isPeriod(value: string | null): value is RatingPeriod {
  return value !== null && (RATING_PERIODS as readonly string[]).includes(value);
}

/**
 * SPEC §2 /ratings. Section and period live in the address (`?section=squads`, `?period=week`),
 * replacing the history entry, so a shared link opens the same board.
 */
export function RatingsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const user = useAppSelector(selectUser);
  const rawSection = params.get('section');
  const section: RatingsSection =
    rawSection === 'squads' || rawSection === 'leagues' ? rawSection : 'painters';
  const rawPeriod = params.get('period');
  const period: RatingPeriod = isPeriod(rawPeriod) ? rawPeriod : 'day';
  // The league board opens on the player's own league (bronze for guests) unless the address says.
  const ownLeague: League = isLeague(user?.league) ? user.league : 'bronze';
  const rawLeague = params.get('league');
  const league: League = isLeague(rawLeague) ? rawLeague : ownLeague;

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };

  return (
    <section className="page ratings">
      <h1 className="page__title pixel-text">{t('ratings.title')}</h1>
      <RatingsNav />
      <Tabs
        label={t('ratings.section')}
        value={section}
        onChange={(next) => update({ section: next === 'painters' ? null : next })}
        items={[
          { id: 'painters', label: t('ratings.painters') },
          { id: 'leagues', label: t('ratings.leaguesSection') },
          { id: 'squads', label: t('ratings.squads') },
        ]}
      />
      {section === 'painters' ? (
        <PaintersBoard
          period={period}
          onPeriod={(next) => update({ period: next === 'day' ? null : next })}
        />
      ) : section === 'leagues' ? (
        <LeagueBoard
          league={league}
          onLeague={(next) => update({ league: next === ownLeague ? null : next })}
        />
      ) : (
        <SquadsBoard />
      )}
      <PlayerPopups />
    </section>
  );
}
