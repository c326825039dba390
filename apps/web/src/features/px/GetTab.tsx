import { useTranslation } from 'react-i18next';
import { ContactEmail, useContact } from '../../ui/ContactEmail/ContactEmail.tsx';
import { EXCHANGES } from '../../ui/pxLinks.ts';

/** /px/get: three swap exchanges, the contact address, and a word on centralized exchanges. */
export function GetTab() {
  const { t } = useTranslation();
  const contact = useContact();

  return (
    <>
      <section className="px-card" aria-labelledby="px-get-dex">
        <h2 id="px-get-dex" className="px-card__title pixel-text">
          {t('px.getTab.dexTitle')}
        </h2>
        <p className="px-card__text">{t('px.getTab.dexText')}</p>
        <div className="px-exchanges" data-testid="px-exchanges">
          {EXCHANGES.map((x) => (
            <a key={x.id} className="btn btn--primary" href={x.url} target="_blank" rel="noopener noreferrer">
              {x.name}
            </a>
          ))}
        </div>
      </section>
      <section className="px-card" aria-labelledby="px-get-cex">
        <h2 id="px-get-cex" className="px-card__title pixel-text">
          {t('px.getTab.cexTitle')}
        </h2>
        <p className="px-card__text">{t('px.getTab.cexText')}</p>
        {/* "Write to us:" only when there is an address to write to. */}
        {contact.kind === 'none' ? null : <p className="px-card__text">{t('px.getTab.contact')}</p>}
        <ContactEmail className="px-mail pixel-num" testId="px-contact" />
      </section>
    </>
  );
}
