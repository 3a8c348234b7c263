import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { showFlashToast } from '../../lib/stores/flash.ts';
import { $toasts, dismissToast } from '../../lib/stores/toasts.ts';

/** Renders the toasts store in a polite live region; markup matches page-scripts/toast-view.ts. */
export default function Toasts() {
  // Hydrates with the store's initial value (no toasts), as in the static HTML: a screen island may show a toast
  // before this one hydrates, and rendering it first would be a hydration mismatch (React error #418).
  const toasts = useStore($toasts, { ssr: 'initial' });
  useEffect(() => {
    showFlashToast();
  }, []);
  return (
    <div className="toast-region" role="status" aria-live="polite" aria-label="Notifications">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.type}`} data-type={toast.type}>
          <div className="toast__body">
            {toast.title ? <p className="toast__title">{toast.title}</p> : null}
            <p className="toast__message">{toast.message}</p>
          </div>
          <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
