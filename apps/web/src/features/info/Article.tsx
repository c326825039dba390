import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './info.css';

export interface ArticleSection {
  id: string;
  /** i18n key of the heading */
  titleKey: string;
  /** i18n key of the text; each line is a paragraph */
  bodyKey?: string;
  values?: Record<string, string | number>;
  children?: ReactNode;
}

/** Text split into paragraphs at line breaks. */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text never reorder
          <p key={i}>{line}</p>
        ))}
    </>
  );
}

/** A text page: title, lead and titled sections, each addressable by its id. */
export function Article({
  testId,
  titleKey,
  leadKey,
  leadValues,
  sections,
  footer,
  children,
}: {
  testId: string;
  titleKey: string;
  leadKey?: string;
  leadValues?: Record<string, string | number>;
  sections: readonly ArticleSection[];
  footer?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <article className="page info" data-testid={testId}>
      <h1 className="page__title pixel-text">{t(titleKey)}</h1>
      {leadKey && <p className="info__lead">{t(leadKey, leadValues)}</p>}
      {children}
      {sections.map((s) => (
        <section key={s.id} id={s.id} className="info__section" aria-labelledby={`${s.id}-title`}>
          <h2 id={`${s.id}-title`} className="info__title pixel-text">
            {t(s.titleKey, s.values)}
          </h2>
          {s.bodyKey && (
            <div className="info__body">
              <Paragraphs text={t(s.bodyKey, s.values)} />
            </div>
          )}
          {s.children}
        </section>
      ))}
      {footer}
    </article>
  );
}
