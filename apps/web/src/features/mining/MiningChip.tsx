import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { useMiningClock } from './MiningCard.tsx';
import { formatPx, livePx } from './px.ts';
import './mining.css';

/** The Wall's top-left PX counter; opens the mining sheet. */
export function MiningChip({ onOpen }: { onOpen(): void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const clock = useMiningClock();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  const live = clock ? livePx(clock, Math.max(now, clock.receivedAt)) : null;
  return (
    <button
      type="button"
      className="mining-chip panel"
      data-testid="mining-chip"
      aria-label={t('mining.open')}
      onClick={onOpen}
    >
      <span className="mining-chip__coin" aria-hidden="true">
        ◆
      </span>
      {live ? formatPx(format.language, live.px) : '…'} PX
    </button>
  );
}
