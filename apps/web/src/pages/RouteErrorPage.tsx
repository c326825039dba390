import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { PlaceholderPage } from '../ui/Placeholder/PlaceholderPage.tsx';

/** Anything that throws while rendering a route lands here instead of a blank screen. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error('Route failed to render', error);
  }, [error]);
  return (
    <div className="app__page">
      <PlaceholderPage title={t('routeError.title')} text={t('routeError.text')} icon="close" badge={null} />
    </div>
  );
}
