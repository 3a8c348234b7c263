import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { failureToast, successToast } from '../../lib/action-toasts.ts';
import {
  getReceiptLink,
  listOrganisationPayments,
  listPayments,
  markPaymentPaid,
  type Payment,
  type PaymentStatus,
} from '../../lib/api/payments.ts';
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
import { isSuperadmin } from '../../lib/roles.ts';
import { $selectedOrgId, ensureSelectedOrganisation } from '../../lib/stores/organisation.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import RequireSession from '../shell/RequireSession.tsx';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import EmptyState from '../ui/EmptyState.tsx';
import Pager from '../ui/Pager.tsx';
import ScreenHeader from '../ui/ScreenHeader.tsx';
import { PlusIcon } from '../ui/icons.tsx';
import SearchToolbar from '../ui/SearchToolbar.tsx';
import { useDebouncedValue } from '../ui/useDebouncedValue.ts';
import { usePagedList } from '../ui/usePagedList.ts';
import CreatePaymentModal from './CreatePaymentModal.tsx';
import InvoicePreviewModal from './InvoicePreviewModal.tsx';
import MessageComposerModal from './MessageComposerModal.tsx';
import PaymentsTable from './PaymentsTable.tsx';
import { useAllOrganisations } from '../organisations/useAllOrganisations.ts';
import OrganisationPicker from '../organisations/OrganisationPicker.tsx';

const TITLE = 'All Payments';
const STATUSES: readonly PaymentStatus[] = ['Pending', 'Success', 'Failed'];

/** Orgadmin: the organisation's payments with create, mark as paid, invoice and receipt actions. */
function OrganisationPayments() {
  const statusId = useId();
  const [searchText, setSearchText] = useState('');
  const [status, setStatus] = useState<PaymentStatus | ''>('');
  const search = useDebouncedValue(searchText.trim(), 300);
  const list = usePagedList<Payment>({
    fetchPage: (paging) => listPayments({ ...paging, status: status || undefined, search: search || undefined }),
    filterKey: `${status}|${search}`,
    loadingMessage: 'Loading payments...',
    errorMessage: PAYMENTS_LOAD_FAILED,
  });
  const [creating, setCreating] = useState(false);
  const [invoiceOf, setInvoiceOf] = useState<Payment | null>(null);
  const [messageTo, setMessageTo] = useState<Payment | null>(null);
  const [toMarkPaid, setToMarkPaid] = useState<Payment | null>(null);
  const [marking, setMarking] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);

  const confirmMarkPaid = async () => {
    if (!toMarkPaid) return;
    setMarking(true);
    try {
      const updated = await markPaymentPaid(toMarkPaid.id);
      showToast(successToast(MARKED_PAID));
      list.replaceRow((row) => row.id === updated.id, updated);
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

  const filtered = search !== '' || status !== '';
  return (
    <section className="screen payments-screen">
      <ScreenHeader
        title={TITLE}
        description="Payments of your organisation: create one, send the invoice, and mark it paid when the money arrives."
        actions={
          <button type="button" className="btn btn--primary" onClick={() => setCreating(true)}>
            <PlusIcon />
            Create Payment
          </button>
        }
      />
      <SearchToolbar
        label="Search payments"
        placeholder="Search by reference, customer name or email"
        value={searchText}
        onChange={setSearchText}
        count={{ loaded: list.loaded, total: list.total, noun: 'payment', filtered }}
        filters={
          <>
            <label htmlFor={statusId} className="visually-hidden">
              Status
            </label>
            <select
              id={statusId}
              className="select payments-status-filter"
              value={status}
              onChange={(event) => setStatus(event.target.value as PaymentStatus | '')}
            >
              <option value="">All statuses</option>
              {STATUSES.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </>
        }
      />
      {list.loaded ? (
        <div className={list.busy ? 'list-panel is-busy' : 'list-panel'} aria-busy={list.busy}>
          <PaymentsTable
            caption="Payments"
            rows={list.rows}
            emptyTitle={filtered ? 'No payments match these filters.' : 'No payments yet.'}
            emptyDescription={
              filtered ? 'Try another reference, customer or status.' : 'Create a payment to send your customer an invoice.'
            }
            busyId={busyId}
            onSend={setMessageTo}
            onViewInvoice={setInvoiceOf}
            onMarkPaid={setToMarkPaid}
            onViewReceipt={(payment) => void viewReceipt(payment)}
            onCopyLink={(payment) => void copyLink(payment)}
          />
          <Pager page={list.page} pageSize={list.pageSize} total={list.total} onChange={list.setPaging} sizeLabel="Payments per page" />
        </div>
      ) : null}
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

/** Superadmin: one organisation's payments, read-only. */
function OrganisationPaymentList({ organisationId }: { organisationId: number }) {
  const list = usePagedList<Payment>({
    fetchPage: (paging) => listOrganisationPayments(organisationId, paging),
    filterKey: String(organisationId),
    loadingMessage: 'Loading payments...',
    errorMessage: ORGANISATION_PAYMENTS_LOAD_FAILED,
  });
  const [invoiceOf, setInvoiceOf] = useState<Payment | null>(null);
  if (!list.loaded) return null;
  return (
    <div className={list.busy ? 'list-panel is-busy' : 'list-panel'} aria-busy={list.busy}>
      <PaymentsTable caption="Payments" rows={list.rows} emptyTitle="This organisation has no payments yet." onViewInvoice={setInvoiceOf} />
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} onChange={list.setPaging} sizeLabel="Payments per page" />
      {invoiceOf ? <InvoicePreviewModal reference={invoiceOf.reference} onClose={() => setInvoiceOf(null)} /> : null}
    </div>
  );
}

/** Superadmin: picks an organisation (the first by default) and views its payments read-only (docs/console.md#screens). */
function SuperadminPayments() {
  const choices = useAllOrganisations({ onLoaded: ensureSelectedOrganisation });
  const selectedId = useStore($selectedOrgId);

  return (
    <section className="screen payments-screen">
      <ScreenHeader
        title={TITLE}
        description="Payments of any organisation on the platform."
        actions={<span className="badge badge--accent">{READ_ONLY_LABEL}</span>}
      />
      <div className="toolbar">
        <OrganisationPicker choices={choices} selectedId={selectedId} />
      </div>
      {choices.state === 'loaded' && choices.items.length === 0 ? (
        <div className="table-wrap">
          <EmptyState title="No organisations yet." description="Payments appear here once an organisation has been created." />
        </div>
      ) : null}
      {choices.state === 'loaded' && selectedId !== null ? <OrganisationPaymentList key={selectedId} organisationId={selectedId} /> : null}
    </section>
  );
}

/** /dashboard/payments: 'All Payments' for an orgadmin, or read-only per organisation for a superadmin. */
export default function PaymentsScreen() {
  return <RequireSession>{(user) => (isSuperadmin(user.role) ? <SuperadminPayments /> : <OrganisationPayments />)}</RequireSession>;
}
