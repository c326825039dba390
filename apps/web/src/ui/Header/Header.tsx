import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch } from '../../store/hooks.ts';
import { gameModesOpened, menuOpened } from '../../store/uiSlice.ts';
import { Icon } from '../icons/Icon.tsx';
import { LanguagePicker } from '../LanguagePicker/LanguagePicker.tsx';
import { PixelLogo } from '../PixelLogo.tsx';
import './Header.css';

export function Header() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <header className="header panel">
      <Link to="/" className="logo-link header__logo" aria-label={t('header.home')}>
        <PixelLogo size={32} />
        <span className="header__label pixel-text" lang="en">
          {t('common.appName')}
        </span>
      </Link>
      <LanguagePicker className="header__language" />
      <nav className="header__actions" aria-label={t('header.navigation')}>
        <Link to="/ratings" className="icon-btn" aria-label={t('header.ratings')} title={t('header.ratings')}>
          <Icon name="trophy" />
        </Link>
        <button
          type="button"
          className="icon-btn"
          aria-label={t('header.gameModes')}
          title={t('header.gameModes')}
          onClick={() => dispatch(gameModesOpened())}
        >
          <Icon name="gamepad" />
        </button>
        <Link
          to="/px/token"
          className="icon-btn header__token"
          aria-label={t('header.token')}
          title={t('header.token')}
        >
          <Icon name="coin" />
        </Link>
        <button
          type="button"
          className="icon-btn"
          aria-label={t('header.openMenu')}
          aria-haspopup="dialog"
          onClick={() => dispatch(menuOpened())}
        >
          <Icon name="menu" />
        </button>
      </nav>
    </header>
  );
}
