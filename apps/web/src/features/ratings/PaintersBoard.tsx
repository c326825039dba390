import { RATING_PERIODS, type RatingPeriod } from '@pixel-wall/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/useHttp.ts';
import { Tabs } from '../../ui/Tabs/Tabs.tsx';
import { loadPainters } from './api.ts';
import { PainterBoard } from './PainterBoard.tsx';

export interface PaintersBoardProps {
  period: RatingPeriod;
  onPeriod: (period: RatingPeriod) => void;
}

/** Painters by repaints in a day, week or month, with the player's own place pinned on top. */
export function PaintersBoard({ period, onPeriod }: PaintersBoardProps) {
  const { t } = useTranslation();
  const http = useHttp();
  const load = useCallback(
    (offset: number, limit: number, signal: AbortSignal) => loadPainters(http, period, offset, limit, signal),
    [http, period],
  );
  return (
    <PainterBoard
      testId="painters-board"
      listTestId="painters-list"
      listKey={`painters:${period}`}
      load={load}
      header={
        <Tabs
          variant="switch"
          label={t('ratings.period')}
          value={period}
          onChange={onPeriod}
          items={RATING_PERIODS.map((id) => ({ id, label: t(`ratings.periods.${id}`) }))}
        />
      }
      pinFor={() => true}
      emptyText={t('ratings.noPainters')}
    />
  );
}
