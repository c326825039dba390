import { useTranslation } from 'react-i18next';
import '../LoadError/load-state.css';
import './list.css';
import { hasMore, type PagedState } from './pagination.ts';

export interface LoadMoreButtonProps {
  state: PagedState<unknown, unknown>;
  onLoadMore: () => void;
  /** What went wrong, in the player's words, when the last page failed. */
  failure: string;
  /** What the button reads once every row is shown (default: the ratings' words). */
  exhausted?: string;
}

/** Disabled while a page loads, reads as exhausted at the total, offers a retry after a failure. */
export function LoadMoreButton({ state, onLoadMore, failure, exhausted: allShown }: LoadMoreButtonProps) {
  const { t } = useTranslation();
  const pending = state.status === 'pending';
  const exhausted = !pending && !hasMore(state);
  let label = t('ratings.list.loadMore');
  if (pending) label = t('ratings.list.loading');
  else if (exhausted) label = allShown ?? t('ratings.list.exhausted');
  else if (state.status === 'rejected') label = t('common.retry');
  return (
    <div className="load-more">
      {state.status === 'rejected' && (
        <p className="load-more__error" role="alert">
          {failure}
        </p>
      )}
      <button
        type="button"
        className="btn btn--block load-more__button"
        disabled={pending || exhausted}
        aria-busy={pending}
        data-testid="load-more"
        onClick={onLoadMore}
      >
        {pending && <span className="spinner" aria-hidden="true" />}
        {label}
      </button>
    </div>
  );
}
