import type { ScreenHeadingText } from '../../lib/screen-heading.ts';
import { useRef, useState } from 'react';
import { failureToast, successToast } from '../../lib/action-toasts.ts';
import { getReceiptLink, markPaymentPaid, type Payment } from '../../lib/api/payments.ts';
import { copyText } from '../../lib/clipboard.ts';
import {
  COPY_FAILED,
  LINK_COPIED,
  MARKED_PAID,
  MARK_PAID_FAILED,
  ORGANISATION_PAYMENTS_LOAD_FAILED,
  PAYMENTS_LOAD_FAILED,
  READ_ONLY_LABEL,
  RECEIPT_FAILED,
  paymentAmount,
} from '../../lib/payment-form.ts';
import { isFiltered } from '../../lib/payment-filters.ts';
import { refundableMinor } from '../../lib/refund-form.ts';
import { isSuperadmin } from '../../lib/roles.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import RequireSession from '../shell/RequireSession.tsx';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import Pager from '../ui/Pager.tsx';
import ScreenHeader from '../ui/ScreenHeader.tsx';
import { PlusIcon } from '../ui/icons.tsx';
import SearchToolbar from '../ui/SearchToolbar.tsx';
import { useAllOrganisations } from '../organisations/useAllOrganisations.ts';
import CancelPaymentDialog from './CancelPaymentDialog.tsx';
import CreatePaymentModal from './CreatePaymentModal.tsx';
import ExportButton from './ExportButton.tsx';
import InvoicePreviewModal from './InvoicePreviewModal.tsx';
import MessageComposerModal from './MessageComposerModal.tsx';
import PaymentsFilterBar from './PaymentsFilterBar.tsx';
import PaymentsTable, { type PaymentRowActions } from './PaymentsTable.tsx';
import RefundDialog from './RefundDialog.tsx';
import { usePaymentFilterChoices } from './usePaymentFilterChoices.ts';
import { usePaymentFilters } from './usePaymentFilters.ts';
import { usePaymentsPage, type PaymentsPage } from './usePaymentsPage.ts';
import type { PaymentFilterState } from '../../lib/payment-filters.ts';

const TITLE = 'All Payments';

/** The payments screen's heading by role; the page's HTML shows it first (ScreenHeading.astro). */
export const PAYMENTS_HEADING = {
  superadmin: { title: TITLE, description: 'Payments of every organisation on the platform, or of the one you pick.' },
  orgadmin: {
    title: TITLE,
    description: 'Payments of your organisation: create one, send the invoice, and mark it paid when the money arrives.',
  },
} satisfies ScreenHeadingText;

/** The search box, the filters and the count, then the table and its pager: one list for both roles. */
function FilteredPaymentList({
  filters,
  onChange,
  list,
  superadmin,
  actions,
  emptyTitle,
  emptyDescription,
}: {
  filters: PaymentFilterState;
  onChange: (change: Partial<PaymentFilterState>) => void;
  list: PaymentsPage;
  superadmin: boolean;
  actions: PaymentRowActions;
  emptyTitle: string;
  emptyDescription: string;
}) {
  const choices = usePaymentFilterChoices(superadmin);
  const organisations = useAllOrganisations({ enabled: superadmin });
  const [searchText, setSearchText] = useState(filters.search);
  const [appliedSearch, setAppliedSearch] = useState(filters.search);
  const searchTimer = useRef<number | undefined>(undefined);
  // Back or Clear changed the applied search: the box follows (a box only differing by blanks is left as typed).
  if (appliedSearch !== filters.search) {
    setAppliedSearch(filters.search);
    if (searchText.trim() !== filters.search) setSearchText(filters.search);
  }
  const filtered = isFiltered(filters);
  return (
    <>
      <SearchToolbar
        label="Search payments"
        placeholder="Search by reference, customer name or email"
        value={searchText}
        onChange={(text) => {
          setSearchText(text);
          window.clearTimeout(searchTimer.current);
          searchTimer.current = window.setTimeout(() => onChange({ search: text.trim() }), 300);
        }}
        count={{ loaded: list.loaded, total: list.total, noun: 'payment', filtered, capped: list.totalCapped }}
      />
      <PaymentsFilterBar
        filters={filters}
        onChange={onChange}
        choices={choices}
        organisations={superadmin ? (organisations.state === 'loaded' ? organisations.items : []) : undefined}
        actions={<ExportButton filters={filters} />}
      />
      {list.loaded ? (
        <div className={list.busy ? 'list-panel is-busy' : 'list-panel'} aria-busy={list.busy}>
          <PaymentsTable
            caption="Payments"
            rows={list.rows}
            showOrganisation={superadmin && filters.organisationId === ''}
            emptyTitle={filtered ? 'No payments match these filters.' : emptyTitle}
            emptyDescription={filtered ? 'Try another reference, customer or status.' : emptyDescription}
            {...actions}
          />
          <Pager
            page={filters.page}
            pageSize={filters.pageSize}
            total={list.total}
            onChange={(paging) => onChange(paging)}
            sizeLabel="Payments per page"
            {...(list.totalCapped ? { capped: { shown: list.rows.length } } : {})}
          />
        </div>
      ) : null}
    </>
  );
}

/** Orgadmin: the organisation's payments with create, mark as paid, invoice and receipt actions. */
function OrganisationPayments() {
  const [filters, setFilters] = usePaymentFilters();
  const list = usePaymentsPage(filters, PAYMENTS_LOAD_FAILED);
  const [creating, setCreating] = useState(false);
  const [invoiceOf, setInvoiceOf] = useState<Payment | null>(null);
  const [messageTo, setMessageTo] = useState<Payment | null>(null);
  const [toMarkPaid, setToMarkPaid] = useState<Payment | null>(null);
  const [refundOf, setRefundOf] = useState<Payment | null>(null);
  const [cancelOf, setCancelOf] = useState<Payment | null>(null);
  const [marking, setMarking] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);

  const confirmMarkPaid = async () => {
    if (!toMarkPaid) return;
    setMarking(true);
    try {
      const updated = await markPaymentPaid(toMarkPaid.id);
      showToast(successToast(MARKED_PAID));
      list.replaceRow(updated.reference, updated);
      list.reload();
    } catch (error) {
      showToast(failureToast(error, MARK_PAID_FAILED));
    } finally {
      setToMarkPaid(null);
      setMarking(false);
    }
  };

  const viewReceipt = async (payment: Payment) => {
    // Open the tab while the click still counts as a user gesture, then point it at the receipt.
    const tab = window.open('', '_blank');
    setBusyId(payment.id);
    try {
      const { url } = await getReceiptLink(payment.id);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.location.assign(url);
      }
    } catch (error) {
      tab?.close();
      showToast(failureToast(error, RECEIPT_FAILED));
    } finally {
      setBusyId(null);
    }
  };

  const copyLink = async (payment: Payment) => {
    setBusyId(payment.id);
    try {
      const { url } = await getReceiptLink(payment.id);
      await copyText(url);
      showToast(successToast(LINK_COPIED));
    } catch (error) {
      showToast(failureToast(error, COPY_FAILED));
    } finally {
      setBusyId(null);
    }
  };

  return (
    <section className="screen payments-screen">
      <ScreenHeader
        {...PAYMENTS_HEADING.orgadmin}
        actions={
          <button type="button" className="btn btn--primary" onClick={() => setCreating(true)}>
            <PlusIcon />
            Create Payment
          </button>
        }
      />
      <FilteredPaymentList
        filters={filters}
        onChange={setFilters}
        list={list}
        superadmin={false}
        emptyTitle="No payments yet."
        emptyDescription="Create a payment to send your customer an invoice."
        actions={{
          busyId,
          onSend: setMessageTo,
          onViewInvoice: setInvoiceOf,
          onMarkPaid: setToMarkPaid,
          onViewReceipt: (payment) => void viewReceipt(payment),
          onCopyLink: (payment) => void copyLink(payment),
          onRefund: setRefundOf,
          onCancel: setCancelOf,
        }}
      />
      {creating ? (
        <CreatePaymentModal
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            list.reload();
          }}
        />
      ) : null}
      {invoiceOf ? <InvoicePreviewModal reference={invoiceOf.reference} onClose={() => setInvoiceOf(null)} /> : null}
      {messageTo ? <MessageComposerModal payment={messageTo} onClose={() => setMessageTo(null)} /> : null}
      {refundOf ? (
        <RefundDialog
          payment={refundOf}
          remainderMinor={refundableMinor(refundOf)}
          onClose={() => setRefundOf(null)}
          onRefunded={() => {
            setRefundOf(null);
            list.reload();
          }}
        />
      ) : null}
      {cancelOf ? (
        <CancelPaymentDialog
          payment={cancelOf}
          onClose={() => setCancelOf(null)}
          onCancelled={(cancelled) => {
            setCancelOf(null);
            list.replaceRow(cancelled.reference, cancelled);
            list.reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={toMarkPaid !== null}
        title="Mark as paid"
        message={
          toMarkPaid
            ? `Mark payment ${toMarkPaid.reference} of ${paymentAmount(toMarkPaid)} from ${toMarkPaid.customerName} as paid? A receipt is issued and this cannot be undone.`
            : ''
        }
        confirmLabel="Mark as paid"
        tone="primary"
        busy={marking}
        onConfirm={() => void confirmMarkPaid()}
        onCancel={() => setToMarkPaid(null)}
      />
    </section>
  );
}

/** Superadmin: every organisation's payments in one list (or one organisation's), read-only (docs/console.md#screens). */
function SuperadminPayments() {
  const [filters, setFilters] = usePaymentFilters();
  const list = usePaymentsPage(filters, filters.organisationId ? ORGANISATION_PAYMENTS_LOAD_FAILED : PAYMENTS_LOAD_FAILED);
  const [invoiceOf, setInvoiceOf] = useState<Payment | null>(null);
  return (
    <section className="screen payments-screen">
      <ScreenHeader {...PAYMENTS_HEADING.superadmin} actions={<span className="badge badge--accent">{READ_ONLY_LABEL}</span>} />
      <FilteredPaymentList
        filters={filters}
        onChange={setFilters}
        list={list}
        superadmin
        emptyTitle={filters.organisationId ? 'This organisation has no payments yet.' : 'No payments yet.'}
        emptyDescription="Payments appear here once an organisation takes them."
        actions={{ onViewInvoice: setInvoiceOf }}
      />
      {invoiceOf ? <InvoicePreviewModal reference={invoiceOf.reference} onClose={() => setInvoiceOf(null)} /> : null}
    </section>
  );
}

/** /dashboard/payments: 'All Payments' for an orgadmin, or read-only per organisation for a superadmin. */
export default function PaymentsScreen() {
  return <RequireSession>{(user) => (isSuperadmin(user.role) ? <SuperadminPayments /> : <OrganisationPayments />)}</RequireSession>;
}
