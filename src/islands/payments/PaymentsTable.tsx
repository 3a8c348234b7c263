import type { Payment } from '../../lib/api/payments.ts';
import { isPaid, paymentAmount, paymentDate } from '../../lib/payment-form.ts';
import { canCancel, canRefund } from '../../lib/refund-form.ts';
import DataTable, { type Column } from '../ui/DataTable.tsx';
import PaymentStatus from './PaymentStatus.tsx';

/** What a row's buttons do; a missing handler leaves its button out (the superadmin view is read-only). */
export interface PaymentRowActions {
  onSend?: (payment: Payment) => void;
  onViewInvoice?: (payment: Payment) => void;
  onMarkPaid?: (payment: Payment) => void;
  onViewReceipt?: (payment: Payment) => void;
  onCopyLink?: (payment: Payment) => void;
  /** Success with something left to refund: opens the Refund dialog. */
  onRefund?: (payment: Payment) => void;
  /** Pending: opens the Cancel confirmation. */
  onCancel?: (payment: Payment) => void;
  /** The payment whose action is running: its buttons are disabled. */
  busyId?: string | null;
}

/** A row: a payment, with its organisation's code in a list of several organisations. */
export type PaymentRow = Payment & { organisationCode?: string };

export interface PaymentsTableProps extends PaymentRowActions {
  rows: readonly PaymentRow[];
  caption: string;
  /** A superadmin's list of every organisation: an Organisation column. */
  showOrganisation?: boolean;
  emptyTitle: string;
  emptyDescription?: string;
}

/**
 * The row's menu of money actions: Refund (Success with something left) and Cancel (Pending), behind one narrow button
 * so a row's actions stay on one line. A native disclosure: keyboard and screen readers work without script.
 */
function RowMenu({ payment, actions, busy }: { payment: Payment; actions: PaymentRowActions; busy: boolean }) {
  const items = [
    actions.onRefund && canRefund(payment) ? { label: 'Refund', run: actions.onRefund } : null,
    actions.onCancel && canCancel(payment) ? { label: 'Cancel', run: actions.onCancel } : null,
  ].filter((item) => item !== null);
  if (items.length === 0) return null;
  return (
    <details className="row-menu">
      <summary className="btn btn--sm row-menu__toggle" aria-label={`More actions for ${payment.reference}`}>
        ⋯
      </summary>
      <div className="row-menu__list">
        {items.map((item) => (
          <button
            key={item.label}
            type="button"
            className="btn btn--sm"
            disabled={busy}
            onClick={(event) => {
              event.currentTarget.closest('details')?.removeAttribute('open');
              item.run(payment);
            }}
          >
            {item.label}
            <span className="visually-hidden"> {payment.reference}</span>
          </button>
        ))}
      </div>
    </details>
  );
}

function RowButtons({ payment, actions }: { payment: Payment; actions: PaymentRowActions }) {
  const busy = actions.busyId === payment.id;
  const ref = <span className="visually-hidden"> {payment.reference}</span>;
  const buttons = isPaid(payment)
    ? [
        actions.onViewReceipt ? (
          <button key="receipt" type="button" className="btn btn--sm" disabled={busy} onClick={() => actions.onViewReceipt?.(payment)}>
            View receipt{ref}
          </button>
        ) : null,
        actions.onCopyLink ? (
          <button key="copy" type="button" className="btn btn--sm" disabled={busy} onClick={() => actions.onCopyLink?.(payment)}>
            Copy link{ref}
          </button>
        ) : null,
      ]
    : [
        actions.onViewInvoice ? (
          <button key="invoice" type="button" className="btn btn--sm" disabled={busy} onClick={() => actions.onViewInvoice?.(payment)}>
            View invoice{ref}
          </button>
        ) : null,
        // A Cancelled payment cannot be paid any more: the server refuses it, so the button is not offered.
        actions.onMarkPaid && payment.status !== 'Cancelled' ? (
          <button
            key="paid"
            type="button"
            className="btn btn--sm btn--primary"
            disabled={busy}
            onClick={() => actions.onMarkPaid?.(payment)}
          >
            Mark as paid{ref}
          </button>
        ) : null,
      ];
  const send = actions.onSend ? (
    <button key="send" type="button" className="btn btn--sm" disabled={busy} onClick={() => actions.onSend?.(payment)}>
      Send{ref}
    </button>
  ) : null;
  const shown = [send, ...buttons, <RowMenu key="menu" payment={payment} actions={actions} busy={busy} />].filter(Boolean);
  return shown.length > 0 ? <div className="row-actions">{shown}</div> : <span className="cell-muted">—</span>;
}

/** The page of a payment (its detail and timeline). */
export const paymentDetailUrl = (reference: string) => `/dashboard/payments/${encodeURIComponent(reference)}`;

/** The payments table: Reference ID, Receipt No., Amount, Status, Customer, Date, Actions (docs/console.md#screens). */
export default function PaymentsTable({ rows, caption, emptyTitle, emptyDescription, showOrganisation, ...actions }: PaymentsTableProps) {
  const organisation: Column<PaymentRow>[] = showOrganisation
    ? [{ key: 'organisation', header: 'Organisation', render: (row) => <span className="cell-muted">{row.organisationCode ?? '—'}</span> }]
    : [];
  const columns: Column<PaymentRow>[] = [
    {
      key: 'reference',
      card: 'title',
      header: 'Reference ID',
      render: (row) => (
        <a className="code-tag payment-link" href={paymentDetailUrl(row.reference)}>
          {row.reference}
        </a>
      ),
    },
    ...organisation,
    {
      key: 'receiptNumber',
      header: 'Receipt No.',
      render: (row) =>
        row.receiptNumber ? <span className="payment-receipt">{row.receiptNumber}</span> : <span className="cell-muted">—</span>,
    },
    { key: 'amount', header: 'Amount', align: 'right', render: (row) => <span className="payment-amount">{paymentAmount(row)}</span> },
    { key: 'status', header: 'Status', render: (row) => <PaymentStatus payment={row} /> },
    {
      key: 'customer',
      header: 'Customer',
      render: (row) => (
        <div className="cell-stack payment-customer">
          <span className="cell-strong" title={row.customerName}>
            {row.customerName}
          </span>
          <span className="cell-muted" title={row.customerEmail}>
            {row.customerEmail}
          </span>
        </div>
      ),
    },
    {
      key: 'date',
      header: 'Date',
      render: (row) => {
        const { day, time } = paymentDate(row.date);
        return (
          <time dateTime={row.date} className="cell-stack payment-date">
            <span>{day}</span>
            <span className="cell-muted">{time}</span>
          </time>
        );
      },
    },
    { key: 'actions', card: 'actions', header: 'Actions', align: 'right', render: (row) => <RowButtons payment={row} actions={actions} /> },
  ];
  return (
    <div className="payments-table">
      <DataTable
        caption={caption}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        emptyTitle={emptyTitle}
        emptyDescription={emptyDescription}
      />
    </div>
  );
}
