import { productById, truncate } from '@pixel-wall/shared/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { Avatar } from '../../ui/Avatar/Avatar.tsx';
import type { AwardEntry } from './api.ts';

const SOURCES = ['paint', 'hidden', 'tournament'] as const;

/** One reward won: the winner (tap: their profile), what they won, where from and when. */
export function AwardRow({ entry, onOpen }: { entry: AwardEntry; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  let prize: string;
  if (entry.type === 'token') {
    prize = `${format.number(entry.amount, { maximumFractionDigits: 3 })} ${entry.token ?? 'PX'}`;
  } else {
    const product = entry.productId === null ? null : productById(entry.productId);
    const name = product ? t(`shop.products.${product.key}.name`, { defaultValue: product.name }) : '—';
    prize = entry.amount > 1 ? `${name} ×${format.integer(entry.amount)}` : name;
  }
  const source = (SOURCES as readonly string[]).includes(entry.source) ? entry.source : 'other';
  return (
    <li>
      <button
        type="button"
        className="player-row award-row"
        data-testid="award-row"
        data-user-id={entry.userId}
        onClick={() => onOpen(entry.userId)}
      >
        <Avatar src={entry.userPic} />
        <span className="player-row__main">
          <span className="player-row__name">{truncate(entry.firstName)}</span>
          <span className="player-row__sub">
            {t(`awards.sources.${source}`)} · {format.date(entry.date, 'short')}
            {entry.paid ? ` · ${t('awards.paid')}` : ''}
          </span>
        </span>
        <strong className="award-row__prize pixel-num" data-testid="award-prize">
          {prize}
        </strong>
      </button>
    </li>
  );
}
