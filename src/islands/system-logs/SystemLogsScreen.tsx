import { headingFor, type ScreenHeadingText } from '../../lib/screen-heading.ts';
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { listApiLogs, listOwnWebhookLogs, listWebhookLogs, type ApiLog, type WebhookLog } from '../../lib/api/logs.ts';
import type { ListPage } from '../../lib/api/list.ts';
import type { PageState } from '../../lib/paging.ts';
import { isSuperadmin } from '../../lib/roles.ts';
import { ensureSelectedOrganisation, selectOrganisation } from '../../lib/stores/organisation.ts';
import { LOADING_ORGANISATIONS } from '../../lib/user-forms.ts';
import { ALL_ORGANISATIONS_LABEL, formatLogTime, httpStatusClass, logTime, webhookStatusClass } from '../../lib/system-logs.ts';
import RequireSession from '../shell/RequireSession.tsx';
import AuditLog from './AuditLog.tsx';
import DataTable, { type Column } from '../ui/DataTable.tsx';
import EmptyState from '../ui/EmptyState.tsx';
import Pager from '../ui/Pager.tsx';
import ScreenHeader from '../ui/ScreenHeader.tsx';
import { usePagedList } from '../ui/usePagedList.ts';
import InlineSelect from '../ui/InlineSelect.tsx';
import { organisationOptions, useAllOrganisations } from '../organisations/useAllOrganisations.ts';

const TITLE = 'System Logs';
const LOADING = 'Loading logs...';

/** The logs screen's heading by role; the page's HTML shows the screen's whole first frame (ScreenFirstFrame.astro). */
const SYSTEM_LOGS_HEADING = {
  superadmin: { title: TITLE, description: 'API requests across the platform and payment-provider callbacks by organisation.' },
  orgadmin: { title: TITLE, description: 'Payment-provider callbacks received for your organisation.' },
} satisfies ScreenHeadingText;

function LogTime({ iso }: { iso: string }) {
  return iso ? <time dateTime={iso}>{formatLogTime(iso)}</time> : <span className="cell-muted">—</span>;
}

const API_COLUMNS: readonly Column<ApiLog>[] = [
  { key: 'timestamp', card: 'title', header: 'Timestamp', render: (row) => <LogTime iso={row.timestamp} /> },
  { key: 'method', header: 'Method', render: (row) => <span className="code-tag">{row.method}</span> },
  { key: 'endpoint', header: 'Endpoint', render: (row) => <span className="log-endpoint">{row.endpoint}</span> },
  { key: 'statusCode', header: 'Status', render: (row) => <span className={httpStatusClass(row.statusCode)}>{row.statusCode}</span> },
];

const WEBHOOK_COLUMNS: readonly Column<WebhookLog>[] = [
  { key: 'timestamp', card: 'title', header: 'Timestamp', render: (row) => <LogTime iso={logTime(row)} /> },
  {
    key: 'status',
    header: 'Status',
    render: (row) => (
      <span className={webhookStatusClass(row.status)} title={row.message ?? undefined}>
        {row.status}
      </span>
    ),
  },
  { key: 'provider', header: 'Provider' },
];

/** One titled log table on a card: heading, optional filter, the table and its pager. */
function LogPanel({ title, description, tools, children }: { title: string; description: string; tools?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="card logs-panel" aria-labelledby={titleId}>
      <div className="logs-panel__head">
        <div>
          <h2 id={titleId} className="logs-panel__title">
            {title}
          </h2>
          <p className="logs-panel__description">{description}</p>
        </div>
        {tools}
      </div>
      {children}
    </section>
  );
}

interface LogListProps<Row> {
  fetchPage: (paging: PageState) => Promise<ListPage<Row>>;
  /** Called once the first page has arrived (or failed): the screen then shows the panel below. */
  onLoaded?: () => void;
  filterKey?: string;
  columns: readonly Column<Row>[];
  caption: string;
  sizeLabel: string;
  emptyTitle: string;
  emptyDescription: string;
}

/** A server-paged log table; a failed load is only logged (docs/console.md#messages), and said in place of the rows. */
function LogList<Row extends { id: number }>({
  fetchPage,
  onLoaded,
  filterKey,
  columns,
  caption,
  sizeLabel,
  emptyTitle,
  emptyDescription,
}: LogListProps<Row>) {
  const [failed, setFailed] = useState(false);
  const list = usePagedList<Row>({
    fetchPage: async (paging) => {
      try {
        const page = await fetchPage(paging);
        setFailed(false);
        return page;
      } catch (error) {
        setFailed(true);
        throw error;
      }
    },
    filterKey,
    loadingMessage: LOADING,
    errorMessage: null,
  });
  useEffect(() => {
    if (list.loaded) onLoaded?.();
  }, [list.loaded, onLoaded]);
  if (!list.loaded) return null;
  return (
    <div className={list.busy ? 'list-panel is-busy' : 'list-panel'} aria-busy={list.busy}>
      {failed ? (
        <div className="table-wrap">
          <EmptyState title="These logs could not be loaded." description="Reload the page to try again." />
        </div>
      ) : (
        <DataTable
          columns={columns}
          rows={list.rows}
          rowKey={(row) => row.id}
          caption={caption}
          emptyTitle={emptyTitle}
          emptyDescription={emptyDescription}
        />
      )}
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} onChange={list.setPaging} sizeLabel={sizeLabel} />
    </div>
  );
}

/** What a log panel tells the screen: its first page has arrived. */
interface PanelProps {
  onLoaded: () => void;
}

function ApiLogs({ onLoaded }: PanelProps) {
  return (
    <LogPanel title="API Logs" description="Every request to the API: when, which method and endpoint, and the status answered.">
      <LogList
        fetchPage={listApiLogs}
        onLoaded={onLoaded}
        columns={API_COLUMNS}
        caption="API logs"
        sizeLabel="API logs per page"
        emptyTitle="No API requests logged yet."
        emptyDescription="Requests appear here a moment after they are answered."
      />
    </LogPanel>
  );
}

type Filter = number | 'all';

/** Superadmin: every organisation's callbacks or one organisation's, the first organisation by default (docs/console.md#screens). */
function SuperadminWebhookLogs({ onLoaded }: PanelProps) {
  const [filter, setFilter] = useState<Filter>('all');
  const choices = useAllOrganisations({ onLoaded: (items) => setFilter(ensureSelectedOrganisation(items) ?? 'all') });

  const choose = (value: string) => {
    if (value === 'all') {
      setFilter('all');
      return;
    }
    const id = Number(value);
    setFilter(id);
    selectOrganisation(id);
  };

  const picker = (
    <InlineSelect
      label="Organisation"
      disabled={choices.state !== 'loaded'}
      value={String(filter)}
      options={[
        { value: 'all', label: choices.state === 'loading' ? LOADING_ORGANISATIONS : ALL_ORGANISATIONS_LABEL },
        ...(choices.state === 'loaded' ? organisationOptions(choices.items) : []),
      ]}
      onValueChange={choose}
    />
  );

  return (
    <LogPanel
      title="Webhook Logs"
      description="Callbacks received from payment providers: when they arrived, how they were handled, and from which provider."
      tools={picker}
    >
      {choices.state === 'loading' ? null : (
        <LogList
          fetchPage={(paging) => listWebhookLogs({ ...paging, orgId: filter === 'all' ? undefined : filter })}
          onLoaded={onLoaded}
          filterKey={String(filter)}
          columns={WEBHOOK_COLUMNS}
          caption="Webhook logs"
          sizeLabel="Webhook logs per page"
          emptyTitle={filter === 'all' ? 'No webhook logs yet.' : 'No webhook logs for this organisation yet.'}
          emptyDescription="Provider callbacks appear here as they arrive."
        />
      )}
    </LogPanel>
  );
}

/** Anyone else: the callbacks of their own organisation only. */
function OrganisationWebhookLogs({ onLoaded }: PanelProps) {
  return (
    <LogPanel title="Webhook Logs" description="Callbacks your organisation received from payment providers.">
      <LogList
        fetchPage={listOwnWebhookLogs}
        onLoaded={onLoaded}
        columns={WEBHOOK_COLUMNS}
        caption="Webhook logs"
        sizeLabel="Webhook logs per page"
        emptyTitle="No webhook logs yet."
        emptyDescription="Provider callbacks for your payments appear here as they arrive."
      />
    </LogPanel>
  );
}

/**
 * The panels, each shown once the one above it has its first page: a panel that grows as its rows arrive would push
 * the ones below it down the page, under the reader's eyes (a layout shift). The hidden ones load meanwhile.
 */
function LogPanels({ superadmin }: { superadmin: boolean }) {
  const [firstLoaded, setFirstLoaded] = useState(false);
  const [secondLoaded, setSecondLoaded] = useState(false);
  const firstHasRows = useCallback(() => setFirstLoaded(true), []);
  const secondHasRows = useCallback(() => setSecondLoaded(true), []);
  if (!superadmin) {
    return (
      <>
        <OrganisationWebhookLogs onLoaded={firstHasRows} />
        <div hidden={!firstLoaded}>
          <AuditLog superadmin={false} />
        </div>
      </>
    );
  }
  return (
    <>
      <ApiLogs onLoaded={firstHasRows} />
      <div hidden={!firstLoaded}>
        <SuperadminWebhookLogs onLoaded={secondHasRows} />
      </div>
      <div hidden={!firstLoaded || !secondLoaded}>
        <AuditLog superadmin />
      </div>
    </>
  );
}

/** /dashboard/system-logs: API and webhook logs for a superadmin, the organisation's webhook logs for anyone else. */
export default function SystemLogsScreen() {
  return (
    <RequireSession>
      {(user) => (
        <section className="screen logs-screen">
          <ScreenHeader {...headingFor(SYSTEM_LOGS_HEADING, user)} />
          <LogPanels key={user.role} superadmin={isSuperadmin(user.role)} />
        </section>
      )}
    </RequireSession>
  );
}
