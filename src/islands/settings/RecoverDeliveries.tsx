import { useId, useState } from 'react';
import { failureToast, successToast } from '../../lib/action-toasts.ts';
import { recoverWebhookDeliveries } from '../../lib/api/webhooks.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import { RECOVER_FAILED, RECOVER_SINCE_INVALID, localDateTimeValue, recoverResultText, recoverSince } from '../../lib/webhook-settings.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** "Resend failed since <time>": every delivery that gave up since then is sent again (a bounded batch a click). */
export default function RecoverDeliveries({ organisationId, onRecovered }: { organisationId: number | null; onRecovered: () => void }) {
  const inputId = useId();
  const errorId = useId();
  const [since, setSince] = useState(() => localDateTimeValue(new Date(Date.now() - DAY_MS)));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const recover = async () => {
    const iso = recoverSince(since, Date.now());
    if (iso === null) return setError(RECOVER_SINCE_INVALID);
    setError(null);
    setBusy(true);
    try {
      const result = await recoverWebhookDeliveries(organisationId, iso);
      showToast(successToast(recoverResultText(result)));
      onRecovered();
    } catch (thrown) {
      showToast(failureToast(thrown, RECOVER_FAILED));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="recover-deliveries">
      <label htmlFor={inputId} className="recover-deliveries__label">
        Resend failed since
      </label>
      <input
        id={inputId}
        type="datetime-local"
        className="input recover-deliveries__input"
        value={since}
        max={localDateTimeValue(new Date())}
        onChange={(event) => setSince(event.target.value)}
        aria-invalid={error !== null || undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <button type="button" className="btn btn--sm" onClick={() => void recover()} disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Resending...' : 'Resend failed'}
      </button>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
