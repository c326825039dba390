import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useWalletDisconnect } from '../features/wallet/useWalletDisconnect.ts';
import { useWalletAccount } from '../features/wallet/WalletContext.tsx';
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from '../i18n/languages.ts';
import { useLanguage } from '../i18n/useLanguage.ts';
import { usePlatform } from '../platform/PlatformContext.tsx';
import { signOut } from '../session.ts';
import { useAppDispatch, useAppSelector } from '../store/hooks.ts';
import { selectSignedIn } from '../store/sessionSlice.ts';
import {
  FPS_MAX,
  FPS_MIN,
  selectAnimations,
  selectCanvasFps,
  setAnimations,
  setCanvasFps,
  showToast,
} from '../store/uiSlice.ts';
import { selectUser } from '../store/userSlice.ts';
import './SettingsPage.css';

/**
 * Disconnect TON: shown while a wallet is connected (linked to the account, or live in TON Connect
 * here); unlinks it on the server and ends the TON Connect session.
 */
function DisconnectTon() {
  const { t } = useTranslation();
  const linked = useAppSelector(selectUser)?.walletAddress ?? null;
  const { account } = useWalletAccount();
  const { pending, disconnect } = useWalletDisconnect(linked !== null);
  if (!linked && !account) return null;

  return (
    <button
      type="button"
      className="btn btn--block settings__danger"
      disabled={pending}
      aria-busy={pending}
      data-testid="disconnect-ton"
      onClick={() => void disconnect()}
    >
      {t('settings.disconnectTon')}
    </button>
  );
}

/** SPEC §2 /settings: animations, canvas frame rate, language, and the connected accounts. */
export function SettingsPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const platform = usePlatform();
  const animations = useAppSelector(selectAnimations);
  const fps = useAppSelector(selectCanvasFps);
  const signedIn = useAppSelector(selectSignedIn);
  const { language, setLanguage } = useLanguage();
  const fpsId = useId();

  return (
    <section className="page settings">
      <h1 className="page__title pixel-text">{t('pages.settings')}</h1>

      <div className="settings__group">
        <div className="settings__row">
          <span id={`${fpsId}-anim`}>{t('settings.animations')}</span>
          <button
            type="button"
            role="switch"
            aria-checked={animations}
            aria-labelledby={`${fpsId}-anim`}
            className={
              animations ? 'settings__switch settings__switch--on pixel-text' : 'settings__switch pixel-text'
            }
            onClick={() => {
              platform.haptic('selection');
              dispatch(setAnimations(!animations));
            }}
          >
            {animations ? t('settings.on') : t('settings.off')}
          </button>
        </div>
        <div className="settings__row settings__row--stack">
          <label htmlFor={fpsId} className="settings__row-head">
            <span>{t('settings.fps')}</span>
            <span className="pixel-num">{t('settings.fpsValue', { fps })}</span>
          </label>
          <input
            id={fpsId}
            className="settings__slider"
            type="range"
            min={FPS_MIN}
            max={FPS_MAX}
            step={1}
            value={fps}
            onChange={(event) => dispatch(setCanvasFps(Number(event.target.value)))}
          />
        </div>
      </div>

      <fieldset className="settings__fieldset">
        <legend className="settings__heading pixel-text">{t('settings.language')}</legend>
        <div className="settings__group settings__languages">
          {SUPPORTED_LANGUAGES.map((code) => (
            <label key={code} className="settings__language">
              <input
                type="radio"
                name="language"
                value={code}
                checked={code === language}
                onChange={() => setLanguage(code)}
                data-testid={`language-${code}`}
              />
              <span>{LANGUAGE_NAMES[code]}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <h2 className="settings__heading pixel-text">{t('settings.account')}</h2>
      <div className="settings__accounts">
        <DisconnectTon />
        {signedIn ? (
          <button
            type="button"
            className="btn btn--block settings__danger"
            onClick={() => {
              dispatch(signOut());
              dispatch(showToast(t('settings.disconnected'), 'success'));
            }}
          >
            {t('settings.disconnectTelegram')}
          </button>
        ) : (
          <p className="settings__note">{t('settings.guestAccount')}</p>
        )}
      </div>
    </section>
  );
}
