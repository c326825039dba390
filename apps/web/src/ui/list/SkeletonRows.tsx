import { useTranslation } from 'react-i18next';
import '../LoadError/load-state.css';
import './list.css';

/** Placeholder rows while a first page loads (SPEC §2: twenty on the ratings). */
export function SkeletonRows({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <ul className="player-list" role="status" aria-busy="true" data-testid="skeleton-rows">
      <li className="visually-hidden">{t('ratings.list.loading')}</li>
      {Array.from({ length: count }, (_, row) => row).map((row) => (
        <li key={row} className="player-row player-row--skeleton" aria-hidden="true">
          <span className="skeleton skeleton--rank" />
          <span className="skeleton skeleton--avatar" />
          <span className="skeleton skeleton--name" />
          <span className="skeleton skeleton--score" />
        </li>
      ))}
    </ul>
  );
}
