import type { PaymentDelivery } from '../../lib/api/payment-timeline.ts';
import { deliveryStatusClass } from '../../lib/webhook-settings.ts';
import DeliveryAttemptList from '../ui/DeliveryAttemptList.tsx';
import EmptyState from '../ui/EmptyState.tsx';

export interface PaymentDeliveriesPanelProps {
  deliveries: readonly PaymentDelivery[];
  resendingId: number | null;
  onResend: (delivery: PaymentDelivery) => void;
}

/** The webhooks sent about the payment: each delivery with every attempt and a Resend button. */
export default function PaymentDeliveriesPanel({ deliveries, resendingId, onResend }: PaymentDeliveriesPanelProps) {
  return (
    <section className="raised-section detail-card" aria-labelledby="payment-deliveries-title">
      <div className="detail-card__head">
        <h2 id="payment-deliveries-title" className="detail-card__title">
          Webhook deliveries
        </h2>
      </div>
      {deliveries.length === 0 ? (
        <EmptyState title="No webhooks sent for this payment." description="Set a callback URL in Settings to receive payment events." />
      ) : (
        <ul className="payment-deliveries">
          {deliveries.map((delivery) => (
            <li key={delivery.id} className="payment-delivery">
              <div className="payment-delivery__head">
                <span className="code-tag">{delivery.event}</span>
                <span className={deliveryStatusClass(delivery.status)}>{delivery.status}</span>
                <span className="payment-delivery__url" title={delivery.url}>
                  {delivery.channel}: {delivery.url}
                </span>
                <button
                  type="button"
                  className="btn btn--sm"
                  onClick={() => onResend(delivery)}
                  disabled={resendingId !== null}
                  aria-busy={resendingId === delivery.id || undefined}
                >
                  {resendingId === delivery.id ? 'Resending...' : 'Resend'}
                  <span className="visually-hidden"> {delivery.event}</span>
                </button>
              </div>
              <DeliveryAttemptList attempts={delivery.attempts} label={`Attempts of ${delivery.event}`} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
