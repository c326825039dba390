import { useTranslation } from 'react-i18next';
import './load-state.css';

/** A load that failed: what happened, in the player's words, and a way to try again. */
export function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="load-error" role="alert">
      <p>{text}</p>
      <button type="button" className="btn" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** A block-shaped placeholder while a card loads. */
export function SkeletonBlock({ height = 220 }: { height?: number }) {
  const { t } = useTranslation();
  return (
    <div className="skeleton skeleton-block" style={{ height }} role="status" aria-busy="true">
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
