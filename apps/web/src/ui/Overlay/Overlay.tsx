import { type ReactNode, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons/Icon.tsx';
import './Overlay.css';

export interface OverlayProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** `side`: a drawer from the right; `sheet`: a panel from the bottom. */
  variant: 'side' | 'sheet';
  children: ReactNode;
}

/**
 * A modal panel over the stage and the header: backdrop tap and Escape close it, focus returns
 * afterwards. Rendered at the end of the body, so one opened from inside the Wall (a fixed layer,
 * its own stacking context) is not drawn under the header, whose buttons would take its taps.
 */
export function Overlay({ open, onClose, title, variant, children }: OverlayProps) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [open, onClose]);

  if (!open) return null;
  return createPortal(
    <div className={`overlay overlay--${variant}`}>
      <div className="overlay__backdrop" onClick={onClose} aria-hidden="true" />
      <div
        ref={panel}
        className="overlay__panel panel"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        tabIndex={-1}
      >
        <div className="overlay__head">
          <h2 className="overlay__title pixel-text">{title}</h2>
          <button type="button" className="icon-btn" onClick={onClose} aria-label={t('common.close')}>
            <Icon name="close" />
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
