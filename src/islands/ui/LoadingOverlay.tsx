import { useStore } from '@nanostores/react';
import { $loading } from '../../lib/stores/loading.ts';

/** Full-screen overlay with a message while any counted operation runs. */
export default function LoadingOverlay() {
  // Hydrates with the store's initial value, as in the static HTML: another island (the screen's) may have raised the
  // overlay before this one hydrates, and rendering that first would be a hydration mismatch (React error #418).
  const { count, message } = useStore($loading, { ssr: 'initial' });
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
