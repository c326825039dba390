import type { LoginWidgetBody } from '@pixel-wall/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { selectPublicConfig } from '../../store/configSlice.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { selectSession, signInDev, signInTelegram, signInWidget } from '../../store/sessionSlice.ts';
import { loginBannerClosed, selectLoginBannerOpen } from '../../store/uiSlice.ts';
import { Icon } from '../icons/Icon.tsx';
import { DevSignInForm } from './DevSignInForm.tsx';
import { TelegramLoginWidget } from './TelegramLoginWidget.tsx';
import './GuestLoginBanner.css';

/** Below this width the banner starts folded to one line: on a phone the screen is for the game. */
const COMPACT_QUERY = '(max-width: 899px)';

function startsFolded(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(COMPACT_QUERY).matches
  );
}

/**
 * Guests only: the ways to sign in this server offers. Hidden once signed in, and hidden by its
 * close button (the menu brings it back). On the Wall it floats in the top-right column under the
 * template controls (the Wall places it, so the two never cover each other); on other pages it sits
 * at the top of the column, above the title. On a phone it starts folded to one line (title, Sign
 * in, close) and unfolds when asked.
 */
export function GuestLoginBanner({ placement }: { placement: 'floating' | 'inline' }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const platform = usePlatform();
  const session = useAppSelector(selectSession);
  const open = useAppSelector(selectLoginBannerOpen);
  const config = useAppSelector(selectPublicConfig);
  const configStatus = useAppSelector((state) => state.config.status);
  const [folded, setFolded] = useState(startsFolded);

  const pending = session.status === 'pending';
  const miniAppInitData = platform.kind === 'telegram' ? platform.initDataRaw : null;
  // Inside Telegram the boot sign-in runs on its own; no banner flashes while it does.
  if (session.signedIn || !open || (miniAppInitData && pending)) return null;
  if (!miniAppInitData && (configStatus === 'idle' || configStatus === 'pending')) return null;

  const botUsername = platform.kind === 'web' ? (config?.botUsername ?? null) : null;
  const devSignIn = config?.devSignIn ?? false;
  const appUrl = platform.kind === 'web' ? (config?.appUrl ?? null) : null;
  const nothingOffered = !miniAppInitData && !botUsername && !devSignIn && !appUrl;

  const close = (
    <button
      type="button"
      className="icon-btn"
      aria-label={t('auth.hide')}
      onClick={() => dispatch(loginBannerClosed())}
    >
      <Icon name="close" size={18} />
    </button>
  );

  if (folded) {
    return (
      <section
        className={`guest-banner guest-banner--${placement} guest-banner--folded panel`}
        aria-label={t('auth.title')}
        data-testid="guest-banner"
      >
        <h2 className="guest-banner__title pixel-text">{t('auth.title')}</h2>
        <button
          type="button"
          className="btn btn--primary guest-banner__unfold"
          aria-expanded={false}
          disabled={pending}
          onClick={() => {
            // In Telegram one tap signs in; elsewhere the ways to sign in unfold.
            if (miniAppInitData) dispatch(signInTelegram(miniAppInitData));
            setFolded(false);
          }}
        >
          {pending ? t('auth.pending') : t('menu.signIn')}
        </button>
        {close}
      </section>
    );
  }

  return (
    <section
      className={`guest-banner guest-banner--${placement} panel`}
      aria-label={t('auth.title')}
      data-testid="guest-banner"
    >
      <div className="guest-banner__head">
        <h2 className="guest-banner__title pixel-text">{t('auth.title')}</h2>
        {close}
      </div>
      <p className="guest-banner__text">{nothingOffered ? t('auth.unavailable') : t('auth.text')}</p>
      {miniAppInitData && (
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={pending}
          onClick={() => dispatch(signInTelegram(miniAppInitData))}
        >
          {pending ? t('auth.pending') : t('auth.telegram')}
        </button>
      )}
      {botUsername && (
        <TelegramLoginWidget
          botUsername={botUsername}
          onAuth={(payload: LoginWidgetBody) => dispatch(signInWidget(payload))}
        />
      )}
      {appUrl && (
        <a className="btn btn--block" href={appUrl} target="_blank" rel="noreferrer">
          {t('auth.openInTelegram')}
        </a>
      )}
      {devSignIn && (
        <DevSignInForm
          pending={pending}
          onSubmit={(firstName) => dispatch(signInDev({ firstName, startParam: platform.startParam }))}
        />
      )}
      {session.status === 'rejected' && (
        <p className="guest-banner__error" role="alert">
          {t('auth.failed')}
        </p>
      )}
    </section>
  );
}
