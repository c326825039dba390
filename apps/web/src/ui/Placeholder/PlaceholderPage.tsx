import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GlyphName } from '../icons/glyphs.ts';
import { Icon } from '../icons/Icon.tsx';
import './PlaceholderPage.css';

export interface PlaceholderPageProps {
  /** Page title, already translated. */
  title: string;
  /** Lead text, already translated. */
  text: string;
  icon?: GlyphName;
  /** A small label above the text, already translated; none when absent. */
  badge?: string | null;
  children?: ReactNode;
}

/** A dead end or an empty screen (not found, an error, no awards yet): title, a short word, and the way back. */
export function PlaceholderPage({
  title,
  text,
  icon = 'hourglass',
  badge = null,
  children,
}: PlaceholderPageProps) {
  const { t } = useTranslation();
  return (
    <section className="page placeholder">
      <div className="placeholder__art" aria-hidden="true">
        <Icon name={icon} size={48} />
      </div>
      <h1 className="page__title pixel-text">{title}</h1>
      {badge && <p className="placeholder__badge pixel-text">{badge}</p>}
      <p className="placeholder__text">{text}</p>
      {children}
      <Link to="/" className="btn btn--primary placeholder__back">
        {t('common.backToWall')}
      </Link>
    </section>
  );
}
