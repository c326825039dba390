import type { ReactNode } from 'react';
import { Popup } from '../Popup/Popup.tsx';
import './MiniPopup.css';

export interface MiniPopupProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  testId?: string;
}

/** A small centred card for one short message and at most a couple of actions. */
export function MiniPopup({ title, onClose, children, testId }: MiniPopupProps) {
  return (
    <Popup title={title} onClose={onClose} className="mini-popup" {...(testId ? { testId } : {})}>
      {children}
    </Popup>
  );
}
