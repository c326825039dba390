import { RATING_PERIODS, type RatingPeriod } from '@pixel-wall/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs } from '../../ui/Tabs/Tabs.tsx';
import { PlayerPopups } from '../profile/PlayerPopups.tsx';
import { PaintersBoard } from './PaintersBoard.tsx';
import { RatingsNav } from './RatingsNav.tsx';
import { SquadsBoard } from './SquadsBoard.tsx';
import '../../ui/list/list.css';
import './ratings.css';

export type RatingsSection = 'painters' | 'squads';

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
  const section: RatingsSection = params.get('section') === 'squads' ? 'squads' : 'painters';
  const rawPeriod = params.get('period');
  const period: RatingPeriod = isPeriod(rawPeriod) ? rawPeriod : 'day';

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
        onChange={(next) => update({ section: next === 'squads' ? 'squads' : null })}
        items={[
          { id: 'painters', label: t('ratings.painters') },
          { id: 'squads', label: t('ratings.squads') },
        ]}
      />
      {section === 'painters' ? (
        <PaintersBoard
          period={period}
          onPeriod={(next) => update({ period: next === 'day' ? null : next })}
        />
      ) : (
        <SquadsBoard />
      )}
      <PlayerPopups />
    </section>
  );
}
