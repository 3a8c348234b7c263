import type { ReactNode } from 'react';
import type { PaymentTimeline } from '../../lib/api/payment-timeline.ts';
import { paymentAmount } from '../../lib/payment-form.ts';
import { paymentChannel } from '../../lib/payment-timeline.ts';
import { formatLogTime } from '../../lib/system-logs.ts';
import PaymentStatus from './PaymentStatus.tsx';

const missing = <span className="cell-muted">—</span>;
const time = (iso: string | null) => (iso ? <time dateTime={iso}>{formatLogTime(iso)}</time> : missing);

/** Every field of the payment, its organisation and its invoice and receipt links. */
export default function PaymentFacts({ timeline, showOrganisation }: { timeline: PaymentTimeline; showOrganisation: boolean }) {
  const { payment, organisation } = timeline;
  const metadata =
    payment.metadata && typeof payment.metadata === 'object' ? Object.entries(payment.metadata as Record<string, unknown>) : [];
  const facts: [string, ReactNode][] = [
    ['Reference', <span className="code-tag">{payment.reference}</span>],
    ['Status', <PaymentStatus payment={payment} />],
    ['Amount', <span className="payment-amount">{paymentAmount(payment)}</span>],
    ...(payment.refundedAmountMinor > 0
      ? ([
          [
            'Refunded',
            <span className="payment-amount">
              {paymentAmount({ amount: payment.refundedAmount, amountMinor: payment.refundedAmountMinor, currency: payment.currency })}
            </span>,
          ],
        ] as [string, ReactNode][])
      : []),
    ['Receipt number', payment.receiptNumber ?? missing],
    ['Customer', payment.customerName],
    ['Email', payment.customerEmail],
    ['Phone', payment.customerPhone ?? missing],
    ['Description', payment.description],
    ['Channel', paymentChannel(payment)],
    ['Gateway', payment.gateway ?? missing],
    ['Provider reference', payment.providerReference ?? missing],
    ['Created', time(payment.createdAt)],
    ['Paid', time(payment.paidAt)],
    ...(payment.cancelledAt ? ([['Cancelled', time(payment.cancelledAt)]] as [string, ReactNode][]) : []),
    ...(payment.cancelReason ? ([['Cancel reason', payment.cancelReason]] as [string, ReactNode][]) : []),
    ...(showOrganisation ? ([['Organisation', `${organisation.name} (${organisation.code})`]] as [string, ReactNode][]) : []),
    ...metadata.map(([key, value]): [string, ReactNode] => [`Metadata: ${key}`, String(value)]),
  ];
  return (
    <section className="raised-section detail-card" aria-labelledby="payment-facts-title">
      <div className="detail-card__head">
        <h2 id="payment-facts-title" className="detail-card__title">
          Payment
        </h2>
        <div className="detail-card__tools">
          <a className="btn btn--sm" href={timeline.invoiceUrl} target="_blank" rel="noopener noreferrer">
            Invoice
          </a>
          {timeline.receiptUrl ? (
            <a className="btn btn--sm" href={timeline.receiptUrl} target="_blank" rel="noopener noreferrer">
              Receipt
            </a>
          ) : null}
        </div>
      </div>
      <dl className="payment-facts">
        {facts.map(([label, value]) => (
          <div key={label} className="payment-facts__item">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
