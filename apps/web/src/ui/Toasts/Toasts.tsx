import { useAppSelector } from '../../store/hooks.ts';
import { selectToasts } from '../../store/uiSlice.ts';
import './Toasts.css';

/** Short notices; each removes itself after 3 s (see `showToast`). */
export function Toasts() {
  const toasts = useAppSelector(selectToasts);
  return (
    <div className="toasts" aria-live="polite" aria-atomic="false">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.kind} panel`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
        >
          {toast.text}
        </div>
      ))}
    </div>
  );
}
