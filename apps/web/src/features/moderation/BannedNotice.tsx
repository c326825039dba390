import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type BannedSignal, bannedSignal } from '../../api/banned.ts';
import { fetchPublicConfig } from '../../store/configSlice.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { selectUserStatus } from '../../store/userSlice.ts';
import { ContactEmail } from '../../ui/ContactEmail/ContactEmail.tsx';
import './moderation.css';

/**
 * Tells a banned player why nothing works any more, in their language, and where to write. Stays
 * while they are banned (they can do nothing else); goes once the player loads again.
 */
export function BannedNotice({ signal = bannedSignal }: { signal?: BannedSignal }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const banned = useSyncExternalStore(signal.subscribe, signal.banned, signal.banned);
  const refusedSignIn = useAppSelector(
    (state) => state.session.error?.code === 'BANNED' || state.user.error?.code === 'BANNED',
  );
  const userStatus = useAppSelector(selectUserStatus);
  const configFailed = useAppSelector((state) => state.config.status === 'rejected');

  useEffect(() => {
    if (refusedSignIn) signal.report();
  }, [refusedSignIn, signal]);

  // A /users/me that succeeds after the ban means the ban is over (it answers 403 BANNED before).
  const lastStatus = useRef(userStatus);
  useEffect(() => {
    const loaded = lastStatus.current !== 'fulfilled' && userStatus === 'fulfilled';
    lastStatus.current = userStatus;
    if (loaded) signal.clear();
  }, [userStatus, signal]);

  useEffect(() => {
    if (banned) void dispatch(fetchPublicConfig());
  }, [banned, dispatch]);

  if (!banned) return null;
  return (
    <section className="banned-notice panel" role="alert" data-testid="banned-notice">
      <h2 className="banned-notice__title pixel-text">{t('moderation.bannedTitle')}</h2>
      <p className="banned-notice__text">{t('moderation.bannedText')}</p>
      <p className="banned-notice__hint">{t('moderation.bannedDetail')}</p>
      {!configFailed && (
        <p className="banned-notice__hint">
          {t('moderation.bannedContact')} <ContactEmail testId="banned-contact" />
        </p>
      )}
    </section>
  );
}
