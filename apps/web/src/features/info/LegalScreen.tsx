import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../i18n/format.ts';
import { ContactEmail, useContactText } from '../../ui/ContactEmail/ContactEmail.tsx';
import { Article } from './Article.tsx';

export const TERMS_SECTIONS = [
  'fun',
  'eligibility',
  'prohibited',
  'privacy',
  'allocation',
  'ip',
  'networkCosts',
  'downtime',
  'thirdParty',
  'forceMajeure',
  'indemnification',
  'entireAgreement',
] as const;

export const PRIVACY_SECTIONS = [
  'collection',
  'use',
  'disclosure',
  'transfers',
  'retention',
  'euUk',
  'us',
  'requests',
  'children',
  'push',
  'breach',
  'contact',
] as const;

/** The Privacy Policy's date (SPEC §1). */
export const PRIVACY_UPDATED = '2024-07-23';

/** /terms: the Terms of Use (SPEC §1), with a link to the Privacy Policy. */
export function TermsScreen() {
  const { t } = useTranslation();
  // The operator's address, or words saying none is published yet.
  const email = useContactText();
  return (
    <Article
      testId="terms-page"
      titleKey="pages.terms"
      leadKey="legal.terms.lead"
      sections={TERMS_SECTIONS.map((key, i) => ({
        id: `terms_${key}`,
        titleKey: `legal.terms.${key}.title`,
        bodyKey: `legal.terms.${key}.text`,
        values: { n: i + 1, email, miners: 80, team: 8, marketing: 12 },
        ...(key === 'privacy'
          ? {
              children: (
                <Link className="info__inline-link" to="/privacy" data-testid="terms-privacy-link">
                  {t('pages.privacy')}
                </Link>
              ),
            }
          : {}),
      }))}
    />
  );
}

/** /privacy: the Privacy Policy (SPEC §1): contact from the server's configuration. */
export function PrivacyScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const email = useContactText();
  // A calendar day, the same everywhere: read and written in UTC.
  const updated = format.date(PRIVACY_UPDATED, 'long', 'UTC');
  return (
    <Article
      testId="privacy-page"
      titleKey="pages.privacy"
      leadKey="legal.privacy.lead"
      sections={PRIVACY_SECTIONS.map((key, i) => ({
        id: `privacy_${key}`,
        titleKey: `legal.privacy.${key}.title`,
        bodyKey: `legal.privacy.${key}.text`,
        values: { n: i + 1, email, age: 18 },
        ...(key === 'contact'
          ? {
              children: <ContactEmail className="info__inline-link" testId="privacy-email" />,
            }
          : {}),
      }))}
    >
      <p className="info__meta" data-testid="privacy-updated">
        {t('legal.privacy.updated', { date: updated })}
      </p>
    </Article>
  );
}
