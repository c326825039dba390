import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { LoadError } from '../../ui/LoadError/LoadError.tsx';

/**
 * A figure we cannot show: the server has no provider configured (a plain note, `notConfigured`,
 * no retry: it would not help), the provider failed (503), or the call itself failed. Says so
 * plainly, never a made-up number, and offers a retry where one can help.
 */
export function Unavailable({
  error,
  text,
  notConfigured,
  onRetry,
}: {
  error: unknown;
  text: string;
  notConfigured: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.status === 503 && error.notConfigured) {
    return (
      <p className="px-note" role="note" data-testid="px-not-configured">
        {notConfigured}
      </p>
    );
  }
  if (error instanceof ApiError && error.status === 503) {
    return (
      <div className="px-unavailable" role="status" data-testid="px-unavailable">
        <p className="px-unavailable__title pixel-text">{t('px.unavailable')}</p>
        <p className="px-unavailable__text">{text}</p>
        <button type="button" className="btn" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return <LoadError text={t('px.loadFailed')} onRetry={onRetry} />;
}
