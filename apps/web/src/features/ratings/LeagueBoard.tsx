import type { League } from '@pixel-wall/shared';
import { LEAGUES } from '@pixel-wall/shared/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/useHttp.ts';
import { Tabs } from '../../ui/Tabs/Tabs.tsx';
import { loadLeague } from './api.ts';
import { PainterBoard } from './PainterBoard.tsx';

export interface LeagueBoardProps {
  league: League;
  onLeague: (league: League) => void;
}

/** The painters of one league (GET /ratings/personal), with the player's own place pinned on top. */
export function LeagueBoard({ league, onLeague }: LeagueBoardProps) {
  const { t } = useTranslation();
  const http = useHttp();
  const load = useCallback(
    (offset: number, limit: number, signal: AbortSignal) => loadLeague(http, league, offset, limit, signal),
    [http, league],
  );
  return (
    <PainterBoard
      testId="league-board"
      listTestId="league-list"
      listKey={`league:${league}`}
      load={load}
      header={
        <Tabs
          variant="switch"
          label={t('ratings.league')}
          value={league}
          onChange={onLeague}
          items={LEAGUES.map((id) => ({ id, label: t(`ratings.leagues.${id}`) }))}
        />
      }
      pinFor={(user) => user.league === league}
      emptyText={t('ratings.noLeaguePainters')}
    />
  );
}
