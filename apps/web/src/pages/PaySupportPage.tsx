import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContactEmail, useContact } from '../ui/ContactEmail/ContactEmail.tsx';
import { Icon } from '../ui/icons/Icon.tsx';
import './PaySupportPage.css';

/**
 * /pay-support: how refunds work (SPEC §9 limits) and where to write. Without a published contact
 * address it invites no writing: it says what a refund request needs, and that no address is
 * published yet.
 */
export function PaySupportPage() {
  const { t } = useTranslation();
  const contact = useContact();
  return (
    <section className="page pay-support" data-testid="pay-support-page">
      <h1 className="page__title pixel-text">{t('pages.paySupport')}</h1>
      <p className="pay-support__lead">{t('shop.support.lead')}</p>
      <ol className="pay-support__steps">
        <li>
          <Icon name="hourglass" size={24} />
          <span>{t('shop.support.within24h')}</span>
        </li>
        <li>
          <Icon name="doc" size={24} />
          <span data-testid="support-what-to-send">
            {contact.kind === 'none' ? t('shop.support.whatToSendNoContact') : t('shop.support.whatToSend')}
          </span>
        </li>
        <li>
          <Icon name="info" size={24} />
          <span>{t('shop.support.tenDays')}</span>
        </li>
        <li>
          <Icon name="coin" size={24} />
          <span>{t('shop.support.tokens')}</span>
        </li>
      </ol>
      <div className="pay-support__contact panel">
        {contact.kind === 'none' ? null : <span>{t('shop.support.contact')}</span>}
        <ContactEmail className="pay-support__email pixel-num" testId="support-email" />
      </div>
      <Link to="/stars" className="btn btn--block">
        {t('shop.support.back')}
      </Link>
    </section>
  );
}
