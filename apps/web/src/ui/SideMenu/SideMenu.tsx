import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { INIT_DATA_QUERY_KEY } from '../../platform/web.ts';
import { selectPublicConfig } from '../../store/configSlice.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { selectSession } from '../../store/sessionSlice.ts';
import { gameModesOpened, loginBannerOpened, menuClosed, selectMenuOpen } from '../../store/uiSlice.ts';
import { selectUser } from '../../store/userSlice.ts';
import { Icon } from '../icons/Icon.tsx';
import { CHANNEL_URL, COMMUNITY_URL } from '../links.ts';
import { Overlay } from '../Overlay/Overlay.tsx';
import { FOOTER_ENTRIES, MAIN_ENTRIES, type MenuAction, type MenuEntry } from './menuEntries.ts';
import './SideMenu.css';

/** `wallet`: the TON wallet entry (connect, or the linked address), made by the wallet feature. */
export function SideMenu({ wallet }: { wallet?: ReactNode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const platform = usePlatform();
  const open = useAppSelector(selectMenuOpen);
  const session = useAppSelector(selectSession);
  const user = useAppSelector(selectUser);
  const config = useAppSelector(selectPublicConfig);
  const close = useCallback(() => dispatch(menuClosed()), [dispatch]);

  const inTelegram = platform.kind === 'telegram';
  // In the Mini App it opens the website's shop signed in; on the website, the Mini App.
  const webAppUrl =
    inTelegram && platform.initDataRaw
      ? `${window.location.origin}/stars?${INIT_DATA_QUERY_KEY}=${encodeURIComponent(platform.initDataRaw)}`
      : (config?.appUrl ?? null);
  const externalUrl: Partial<Record<MenuAction, string | null>> = {
    channel: CHANNEL_URL,
    community: COMMUNITY_URL,
    webApp: webAppUrl,
  };

  const visible = (entry: MenuEntry) => {
    if (entry.signedInOnly && !session.signedIn) return false;
    if (entry.id === 'wallet') return Boolean(wallet);
    if (entry.action && entry.action in externalUrl) return Boolean(externalUrl[entry.action]);
    return true;
  };

  const label = (entry: MenuEntry): string => {
    if (entry.id === 'stars') return t(inTelegram ? 'menu.starShop' : 'menu.tonShop');
    if (entry.id === 'webApp' && !inTelegram) return t('menu.openInTelegram');
    return t(entry.label);
  };

  const run = (action: MenuAction) => {
    if (action === 'gameModes') {
      dispatch(gameModesOpened());
      return;
    }
    const url = externalUrl[action];
    if (url) platform.openLink(url);
    close();
  };

  const renderEntry = (entry: MenuEntry, small = false) => {
    if (entry.id === 'wallet') return <li key={entry.id}>{wallet}</li>;
    const content = (
      <>
        <Icon name={entry.icon} size={small ? 18 : 24} />
        <span className="side-menu__text">{label(entry)}</span>
        {!small && <Icon name="chevron" size={18} className="side-menu__chevron" />}
      </>
    );
    const className = small ? 'side-menu__link side-menu__link--small' : 'side-menu__link';
    return (
      <li key={entry.id}>
        {entry.to ? (
          <Link to={entry.to} className={className} onClick={close}>
            {content}
          </Link>
        ) : (
          <button type="button" className={className} onClick={() => entry.action && run(entry.action)}>
            {content}
          </button>
        )}
      </li>
    );
  };

  return (
    <Overlay open={open} onClose={close} title={t('menu.title')} variant="side">
      <div className="side-menu__account">
        {session.signedIn ? (
          <Link to="/my-profile" className="side-menu__user" onClick={close}>
            <span className="side-menu__avatar pixel-text" aria-hidden="true">
              {user?.userPic ? <img src={user.userPic} alt="" /> : (user?.firstName.slice(0, 1) ?? '?')}
            </span>
            <span>
              <strong>{user?.firstName ?? t('common.loading')}</strong>
              {user && <span className="side-menu__league pixel-text">{user.league}</span>}
            </span>
          </Link>
        ) : (
          <div className="side-menu__guest">
            <span>{t('menu.guest')}</span>
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => {
                dispatch(loginBannerOpened());
                close();
              }}
            >
              {t('menu.signIn')}
            </button>
          </div>
        )}
      </div>
      <nav aria-label={t('menu.title')}>
        <ul className="side-menu__list">{MAIN_ENTRIES.filter(visible).map((entry) => renderEntry(entry))}</ul>
        <ul className="side-menu__list side-menu__list--footer">
          {FOOTER_ENTRIES.filter(visible).map((entry) => renderEntry(entry, true))}
        </ul>
      </nav>
    </Overlay>
  );
}
