import { type ReactNode, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons/Icon.tsx';
import './popup.css';

export interface PopupProps {
  onClose(): void;
  title: string;
  children: ReactNode;
  /** The close button (and Escape) work only this long after opening (SPEC: reward popup 1 s). */
  closeDelayMs?: number;
  /** A tap on the backdrop closes only after this long; null: never (SPEC: pixel reward 2 s). */
  backdropDelayMs?: number | null;
  /** a soft glow around the panel, for rewards */
  glow?: boolean;
  testId?: string;
  className?: string;
}

/** Turns true `delayMs` after mount (at once for 0). */
export function useArmed(delayMs: number): boolean {
  const [armed, setArmed] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setArmed(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return armed;
}

/**
 * A centred modal card over a darkened backdrop; focus moves in and returns afterwards. It is
 * rendered at the end of the body: opened from inside the Wall (a fixed layer, its own stacking
 * context), it would otherwise sit under the header, whose buttons would take its taps.
 */
export function Popup({
  onClose,
  title,
  children,
  closeDelayMs = 0,
  backdropDelayMs = 0,
  glow = false,
  testId,
  className,
}: PopupProps) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const closable = useArmed(closeDelayMs);
  const backdropArmed = useArmed(backdropDelayMs ?? 0);
  const backdropCloses = backdropDelayMs !== null && backdropArmed;

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    return () => previous?.focus();
  }, []);

  useEffect(() => {
    if (!closable) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [closable, onClose]);

  return createPortal(
    <div
      className={`popup${glow ? ' popup--glow' : ''}${className ? ` ${className}` : ''}`}
      data-testid={testId}
    >
      <div
        className="popup__backdrop"
        aria-hidden="true"
        onClick={backdropCloses ? onClose : undefined}
        data-armed={backdropCloses}
      />
      <div
        ref={panel}
        className="popup__panel panel"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        tabIndex={-1}
      >
        <div className="popup__head">
          <h2 className="popup__title pixel-text">{title}</h2>
          <button
            type="button"
            className="icon-btn popup__close"
            onClick={onClose}
            disabled={!closable}
            aria-label={t('common.close')}
          >
            <Icon name="close" />
          </button>
        </div>
        <div className="popup__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
