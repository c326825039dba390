import { Outlet, useNavigation } from 'react-router';
import { PageFallback } from './PageFallback.tsx';

/**
 * The current page. While the next page's code downloads the router keeps this one on screen, and
 * the loading bar runs.
 */
export function PageOutlet() {
  const loading = useNavigation().state === 'loading';
  return (
    <>
      {loading && <PageFallback />}
      <Outlet />
    </>
  );
}
