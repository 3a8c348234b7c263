import { useStore } from '@nanostores/react';
import { $loading } from '../../lib/stores/loading.ts';

/** Full-screen overlay with a message while any counted operation runs. */
export default function LoadingOverlay() {
  const { count, message } = useStore($loading);
  if (count === 0) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite" aria-busy="true">
      <div className="loading-overlay__box">
        <span className="spinner" aria-hidden="true" />
        <p>{message}</p>
      </div>
    </div>
  );
}
