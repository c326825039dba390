import type { ReactNode } from 'react';
import './stat-grid.css';

export interface StatItem {
  id: string;
  label: string;
  value: ReactNode;
  /** A word rather than a number (a league name): smaller, and it may wrap. */
  text?: boolean;
}

/** Labelled numbers in tiles: profile, squad and game stats. */
export function StatGrid({ items, testId }: { items: readonly StatItem[]; testId?: string }) {
  return (
    <dl className="stat-grid" data-testid={testId}>
      {items.map((item) => (
        <div key={item.id} className="stat-grid__tile" data-stat={item.id}>
          <dt className="stat-grid__label">{item.label}</dt>
          <dd
            className={item.text ? 'stat-grid__value stat-grid__value--text' : 'stat-grid__value pixel-num'}
          >
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
