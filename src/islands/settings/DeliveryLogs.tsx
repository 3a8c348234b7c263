import { useEffect, useId, useState } from 'react';
import { failureToast, successToast } from '../../lib/action-toasts.ts';
import { listWebhookDeliveries, resendWebhookDelivery, sendTestWebhook, type WebhookDelivery } from '../../lib/api/webhooks.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import { formatLogTime } from '../../lib/system-logs.ts';
import {
  RESEND_FAILED,
  RESEND_QUEUED,
  TEST_EVENT_FAILED,
  TEST_EVENT_QUEUED,
  deliveryRefreshMs,
  deliveryStatusClass,
} from '../../lib/webhook-settings.ts';
import DataTable, { type Column } from '../ui/DataTable.tsx';
import DeliveryAttemptsModal from './DeliveryAttemptsModal.tsx';
import RecoverDeliveries from './RecoverDeliveries.tsx';
import Pager from '../ui/Pager.tsx';
import { usePagedList } from '../ui/usePagedList.ts';

/**
 * Delivery Logs: each outbound event with its latest attempt, its full attempt history and Resend per row, 'Resend
 * failed since' a time, and 'Send test event'.
 */
export default function DeliveryLogs({ organisationId }: { organisationId: number | null }) {
  const titleId = useId();
  const list = usePagedList<WebhookDelivery>({
    fetchPage: (paging) => listWebhookDeliveries(organisationId, paging),
    loadingMessage: 'Loading delivery logs...',
    // Log loading failures are only logged (docs/console.md#messages).
    errorMessage: null,
  });
  const [testing, setTesting] = useState(false);
  const [resendingId, setResendingId] = useState<number | null>(null);
  const [historyOf, setHistoryOf] = useState<WebhookDelivery | null>(null);
  const { rows, reload } = list;

  // Deliveries are made by the worker: look again while one is on its way, so the outcome shows up.
  useEffect(() => {
    const wait = deliveryRefreshMs(rows, Date.now());
    if (wait === null) return;
    const timer = setTimeout(reload, wait);
    return () => clearTimeout(timer);
  }, [rows, reload]);

  const sendTest = async () => {
    setTesting(true);
    try {
      await sendTestWebhook(organisationId);
      showToast(successToast(TEST_EVENT_QUEUED));
      list.setPaging({ page: 1, pageSize: list.pageSize });
      reload();
    } catch (error) {
      showToast(failureToast(error, TEST_EVENT_FAILED));
    } finally {
      setTesting(false);
    }
  };

  const resend = async (delivery: WebhookDelivery) => {
    setResendingId(delivery.id);
    try {
      const updated = await resendWebhookDelivery(organisationId, delivery.id);
      showToast(successToast(RESEND_QUEUED));
      list.replaceRow((row) => row.id === delivery.id, updated);
      reload();
    } catch (error) {
      showToast(failureToast(error, RESEND_FAILED));
    } finally {
      setResendingId(null);
    }
  };

  const columns: Column<WebhookDelivery>[] = [
    {
      key: 'timestamp',
      card: 'title',
      header: 'Time',
      render: (row) => <time dateTime={row.timestamp}>{formatLogTime(row.timestamp)}</time>,
    },
    { key: 'event', header: 'Event', render: (row) => <span className="code-tag">{row.event}</span> },
    {
      key: 'status',
      header: 'Status',
      render: (row) => (
        <span className={deliveryStatusClass(row.status)} title={row.error ?? undefined}>
          {row.status}
        </span>
      ),
    },
    { key: 'attempt', header: 'Attempt', align: 'right' },
    {
      key: 'responseCode',
      header: 'Response Code',
      align: 'right',
      render: (row) => (row.responseCode === null ? <span className="cell-muted">—</span> : row.responseCode),
    },
    {
      key: 'actions',
      card: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'right',
      render: (row) => (
        <div className="row-actions">
          <button type="button" className="btn btn--sm" onClick={() => setHistoryOf(row)}>
            Attempts
            <span className="visually-hidden">
              {' '}
              of {row.event} of {formatLogTime(row.timestamp)}
            </span>
          </button>
          <button
            type="button"
            className="btn btn--sm"
            onClick={() => void resend(row)}
            disabled={resendingId !== null}
            aria-busy={resendingId === row.id || undefined}
          >
            {resendingId === row.id ? 'Resending...' : 'Resend'}
            <span className="visually-hidden">
              {' '}
              {row.event} of {formatLogTime(row.timestamp)}
            </span>
          </button>
        </div>
      ),
    },
  ];

  return (
    <section className="raised-section webhook-part webhook-deliveries" aria-labelledby={titleId}>
      <div className="webhook-part__head split-row">
        <h3 id={titleId} className="webhook-part__title">
          Delivery Logs
        </h3>
        <div className="webhook-part__tools">
          <button type="button" className="btn btn--sm" onClick={reload} disabled={list.busy}>
            Refresh
          </button>
          <button type="button" className="btn btn--sm btn--primary" onClick={() => void sendTest()} disabled={testing}>
            {testing ? 'Sending...' : 'Send test event'}
          </button>
        </div>
      </div>
      <RecoverDeliveries organisationId={organisationId} onRecovered={reload} />
      {list.loaded ? (
        <div className={list.busy ? 'list-panel is-busy' : 'list-panel'} aria-busy={list.busy}>
          <DataTable
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            caption="Delivery logs"
            emptyTitle="No deliveries yet."
            emptyDescription="Payment events sent to the callback URL appear here. Send a test event to try it."
          />
          <Pager page={list.page} pageSize={list.pageSize} total={list.total} onChange={list.setPaging} sizeLabel="Deliveries per page" />
        </div>
      ) : null}
      {historyOf ? <DeliveryAttemptsModal organisationId={organisationId} delivery={historyOf} onClose={() => setHistoryOf(null)} /> : null}
    </section>
  );
}
