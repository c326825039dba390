import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import './ratings.css';

/** Ratings and Awards, the two pages under /ratings. */
export function RatingsNav() {
  const { t } = useTranslation();
  const tab = ({ isActive }: { isActive: boolean }) =>
    isActive ? 'link-tab link-tab--on pixel-text' : 'link-tab pixel-text';
  return (
    <nav className="ratings-nav" aria-label={t('ratings.nav')}>
      <NavLink to="/ratings" end replace className={tab}>
        {t('ratings.title')}
      </NavLink>
      <NavLink to="/ratings/awards" replace className={tab}>
        {t('ratings.awards')}
      </NavLink>
    </nav>
  );
}
