import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../store/hooks.ts';
import { loginBannerOpened } from '../../store/uiSlice.ts';
import './guest-note.css';

/** What a guest sees instead of a player-only screen, with the way to sign in. */
export function GuestNote({ text }: { text: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <div className="guest-note" data-testid="guest-note">
      <p>{text}</p>
      <button
        type="button"
        className="btn btn--primary"
        onClick={() => {
          dispatch(loginBannerOpened());
          window.scrollTo({ top: 0 });
        }}
      >
        {t('menu.signIn')}
      </button>
    </div>
  );
}
