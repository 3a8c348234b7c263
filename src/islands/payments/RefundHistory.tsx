import { useState } from 'react';
import { failureToast } from '../../lib/action-toasts.ts';
import { creditNoteUrl, type Refund } from '../../lib/api/refunds.ts';
import { openFetchedLink } from '../../lib/open-link.ts';
import { paymentAmount } from '../../lib/payment-form.ts';
import { CREDIT_NOTE_FAILED } from '../../lib/refund-form.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import { formatLogTime } from '../../lib/system-logs.ts';
import EmptyState from '../ui/EmptyState.tsx';
import type { RefundsState } from './usePaymentRefunds.ts';

const refundStatusClass = { Pending: 'badge badge--warning', Succeeded: 'badge badge--success', Failed: 'badge badge--danger' } as const;

/** One refund: amount, status, reason, who asked and when, and its credit note once it succeeded. */
function RefundEntry({ refund, opening, onOpen }: { refund: Refund; opening: boolean; onOpen: () => void }) {
  return (
    <li className="refund-entry">
      <div className="refund-entry__head">
        <span className="payment-amount">{paymentAmount(refund)}</span>
        <span className={refundStatusClass[refund.status]}>{refund.status}</span>
        {refund.status === 'Succeeded' && refund.creditNoteNumber ? (
          <button type="button" className="btn btn--sm" onClick={onOpen} disabled={opening} aria-busy={opening || undefined}>
            Credit note {refund.creditNoteNumber}
          </button>
        ) : null}
      </div>
      <p className="refund-entry__reason">{refund.reason}</p>
      <p className="cell-muted">
        {refund.requestedBy ?? 'API token'} · <time dateTime={refund.createdAt}>{formatLogTime(refund.createdAt)}</time>
        {refund.method === 'external' ? ' · recorded as refunded outside Payrail' : ''}
        {refund.failureReason ? ` · ${refund.failureReason}` : ''}
      </p>
    </li>
  );
}

/** The payment's refunds, newest first (docs/console.md#refunds-and-cancellation). */
export default function RefundHistory({ refunds }: { refunds: RefundsState }) {
  const [openingId, setOpeningId] = useState<string | null>(null);
  const open = async (refund: Refund) => {
    setOpeningId(refund.id);
    try {
      await openFetchedLink(() => creditNoteUrl(refund.reference));
    } catch (error) {
      showToast(failureToast(error, CREDIT_NOTE_FAILED));
    } finally {
      setOpeningId(null);
    }
  };
  return (
    <section className="raised-section detail-card payment-refunds" aria-labelledby="payment-refunds-title">
      <div className="detail-card__head">
        <h2 id="payment-refunds-title" className="detail-card__title">
          Refunds
        </h2>
      </div>
      {refunds.state === 'loading' ? null : refunds.state === 'failed' ? (
        <EmptyState title="Could not load refunds." description={refunds.message} />
      ) : refunds.items.length === 0 ? (
        <EmptyState
          title="No refunds for this payment."
          description="Refunds of a successful payment appear here with their credit notes."
        />
      ) : (
        <ul className="refund-history">
          {refunds.items.map((refund) => (
            <RefundEntry key={refund.id} refund={refund} opening={openingId === refund.id} onOpen={() => void open(refund)} />
          ))}
        </ul>
      )}
    </section>
  );
}
