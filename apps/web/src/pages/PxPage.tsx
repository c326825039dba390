import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import { PlaceholderPage } from '../ui/Placeholder/PlaceholderPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import './PxPage.css';

export const PX_TABS = ['token', 'roadmap', 'buyback', 'burn', 'fund', 'get'] as const;
export type PxTab = (typeof PX_TABS)[number];

function isPxTab(value: string): value is PxTab {
  return (PX_TABS as readonly string[]).includes(value);
}

/** /px and /px/{tab}. Tabs replace the history entry (SPEC §2); content is still to come. */
export function PxPage() {
  const { t } = useTranslation();
  const { tab = 'token' } = useParams();
  if (!isPxTab(tab)) return <NotFoundPage />;
  return (
    <>
      <nav className="px-tabs" aria-label={t('px.tabs')}>
        {PX_TABS.map((id) => (
          <NavLink
            key={id}
            to={`/px/${id}`}
            replace
            className={id === tab ? 'px-tabs__tab px-tabs__tab--on pixel-text' : 'px-tabs__tab pixel-text'}
            aria-current={id === tab ? 'page' : undefined}
            onClick={(event) => {
              // Already here: no new render, no history change.
              if (id === tab) event.preventDefault();
            }}
          >
            {t(`px.${id}`)}
          </NavLink>
        ))}
      </nav>
      <PlaceholderPage title={`${t('pages.px')} · ${t(`px.${tab}`)}`} icon="coin" />
    </>
  );
}
