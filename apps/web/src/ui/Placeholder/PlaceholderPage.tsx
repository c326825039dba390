import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GlyphName } from '../icons/glyphs.ts';
import { Icon } from '../icons/Icon.tsx';
import './PlaceholderPage.css';

export interface PlaceholderPageProps {
  /** Page title, already translated. */
  title: string;
  /** Lead text; defaults to the "coming soon" copy. */
  text?: string;
  icon?: GlyphName;
  /** The small label above the text; null hides it (not-found, errors). */
  badge?: string | null;
  children?: ReactNode;
}

/** A screen that is not built yet, or a dead end: title, a short word, and the way back. */
export function PlaceholderPage({ title, text, icon = 'hourglass', badge, children }: PlaceholderPageProps) {
  const { t } = useTranslation();
  const label = badge === undefined ? t('placeholder.title') : badge;
  return (
    <section className="page placeholder">
      <div className="placeholder__art" aria-hidden="true">
        <Icon name={icon} size={48} />
      </div>
      <h1 className="page__title pixel-text">{title}</h1>
      {label && <p className="placeholder__badge pixel-text">{label}</p>}
      <p className="placeholder__text">{text ?? t('placeholder.text')}</p>
      {children}
      <Link to="/" className="btn btn--primary placeholder__back">
        {t('common.backToWall')}
      </Link>
    </section>
  );
}
