/**
 * The operator's contact address: the server's CONTACT_EMAIL (apps/server/src/config.ts, listed in
 * the README and .env.example), sent to the web in /config. When the operator has set none, the
 * app says no address is published yet: it never shows a made-up one.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPublicConfig, selectPublicConfig } from '../../store/configSlice.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import './ContactEmail.css';

export type ContactState = { kind: 'loading' } | { kind: 'none' } | { kind: 'set'; email: string };

/** The contact address once the public config is there (loaded on first use). */
export function useContact(): ContactState {
  const dispatch = useAppDispatch();
  const config = useAppSelector(selectPublicConfig);
  useEffect(() => {
    void dispatch(fetchPublicConfig());
  }, [dispatch]);
  if (!config) return { kind: 'loading' };
  return config.contactEmail ? { kind: 'set', email: config.contactEmail } : { kind: 'none' };
}

/** The address as words inside a sentence: itself, "loading", or "not published yet". */
export function useContactText(): string {
  const { t } = useTranslation();
  const contact = useContact();
  if (contact.kind === 'set') return contact.email;
  return contact.kind === 'none' ? t('legal.noEmail') : t('common.loading');
}

/**
 * A mail link to the address (styled by `className`), or plain words saying there is none yet
 * (or that it loads).
 */
export function ContactEmail({ className, testId }: { className?: string; testId?: string }) {
  const { t } = useTranslation();
  const contact = useContact();
  if (contact.kind === 'set') {
    return (
      <a className={className} href={`mailto:${contact.email}`} data-testid={testId} data-contact="set">
        {contact.email}
      </a>
    );
  }
  if (contact.kind === 'none') {
    return (
      <span className="contact-none" data-testid={testId} data-contact="none">
        {t('common.noContact')}
      </span>
    );
  }
  return <span className={className}>{t('common.loading')}</span>;
}
