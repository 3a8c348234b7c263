import { useEffect, useState } from 'react';
import { messageOr } from '../../lib/api/errors.ts';
import { listWebhookDeliveryAttempts, type WebhookDelivery, type WebhookDeliveryAttempt } from '../../lib/api/webhooks.ts';
import { ATTEMPTS_LOAD_FAILED } from '../../lib/webhook-settings.ts';
import DeliveryAttemptList from '../ui/DeliveryAttemptList.tsx';
import Modal from '../ui/Modal.tsx';

/** A delivery's full attempt history: time, answer, duration and the answer's first characters or the error. */
export default function DeliveryAttemptsModal({
  organisationId,
  delivery,
  onClose,
}: {
  organisationId: number | null;
  delivery: WebhookDelivery;
  onClose: () => void;
}) {
  const [attempts, setAttempts] = useState<WebhookDeliveryAttempt[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    listWebhookDeliveryAttempts(organisationId, delivery.id).then(setAttempts, (thrown: unknown) =>
      setError(messageOr(thrown, ATTEMPTS_LOAD_FAILED)),
    );
  }, [organisationId, delivery.id]);

  return (
    <Modal open title={`Attempts of ${delivery.event}`} onClose={onClose} size="lg">
      <p className="cell-muted delivery-attempts__url">{delivery.url}</p>
      {error ? <p role="alert">{error}</p> : null}
      {attempts === null && !error ? <p className="cell-muted">Loading attempts...</p> : null}
      {attempts ? <DeliveryAttemptList attempts={attempts} label={`Attempts of ${delivery.event}`} /> : null}
    </Modal>
  );
}
