import { useParams } from 'react-router';
import { PxScreen } from '../features/px/PxScreen.tsx';
import { isPxTab } from '../features/px/tabs.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

export { PX_TABS, type PxTab } from '../features/px/tabs.ts';

/** /px and /px/{tab}; an unknown tab is a 404. */
export function PxPage() {
  const { tab = 'token' } = useParams();
  if (!isPxTab(tab)) return <NotFoundPage />;
  return <PxScreen tab={tab} />;
}
