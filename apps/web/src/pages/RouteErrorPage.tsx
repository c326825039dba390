import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { PlaceholderPage } from '../ui/Placeholder/PlaceholderPage.tsx';

/**
 * A page's code failed to download: the network dropped, or a deploy replaced the chunks this
 * build refers to. Reloading fetches the current build.
 */
export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super('A page failed to load', { cause });
    this.name = 'PageLoadError';
  }
}

function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error('Route failed to render', error);
  }, [error]);
  return (
    <PlaceholderPage title={t('routeError.title')} text={t('routeError.text')} icon="close">
      {error instanceof PageLoadError && (
        <button type="button" className="btn placeholder__retry" onClick={() => location.reload()}>
          {t('common.retry')}
        </button>
      )}
    </PlaceholderPage>
  );
}

/** Anything that throws while rendering the layout lands here instead of a blank screen. */
export function RouteErrorPage() {
  return (
    <div className="app__page">
      <RouteError />
    </div>
  );
}

/** A page that fails to load or render, shown inside the layout: the header and menu keep working. */
export function PageErrorPage() {
  return <RouteError />;
}
