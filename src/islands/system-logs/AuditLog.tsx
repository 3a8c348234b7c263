import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { exportAuditCsv, listAuditEvents, type AuditEvent, type AuditFilters } from '../../lib/api/audit.ts';
import { messageOr } from '../../lib/api/client.ts';
import { auditChangeText, auditDayBounds } from '../../lib/audit.ts';
import { ALL_ORGANISATIONS_LABEL, formatLogTime } from '../../lib/system-logs.ts';
import DataTable, { type Column } from '../ui/DataTable.tsx';
import EmptyState from '../ui/EmptyState.tsx';
import InlineSelect from '../ui/InlineSelect.tsx';
import { organisationOptions, useAllOrganisations } from '../organisations/useAllOrganisations.ts';

const PAGE_SIZE = 25;

const COLUMNS: readonly Column<AuditEvent>[] = [
  {
    key: 'at',
    card: 'title',
    header: 'Time',
    render: (row) => <time dateTime={String(row.at)}>{formatLogTime(String(row.at))}</time>,
  },
  {
    key: 'actor',
    header: 'Actor',
    render: (row) => (
      <span className="audit-wrap" title={[row.clientAddress, row.userAgent].filter(Boolean).join(' · ') || undefined}>
        {row.actor ?? row.actorKind}
        {row.actorRole ? <span className="cell-muted"> ({row.actorRole})</span> : null}
      </span>
    ),
  },
  { key: 'action', header: 'Action', render: (row) => <span className="code-tag">{row.action}</span> },
  {
    key: 'target',
    header: 'Target',
    render: (row) => <span className="audit-wrap">{`${row.targetType}${row.targetId ? ` ${row.targetId}` : ''}`}</span>,
  },
  { key: 'changes', header: 'Changes', render: (row) => <span className="audit-changes">{auditChangeText(row.changes) || '—'}</span> },
];

interface Draft {
  actor: string;
  action: string;
  targetType: string;
  targetId: string;
  fromDay: string;
  toDay: string;
}
const EMPTY: Draft = { actor: '', action: '', targetType: '', targetId: '', fromDay: '', toDay: '' };

function filtersOf(draft: Draft, organisationId: number | 'all' | null): AuditFilters {
  const text = (value: string) => (value.trim() ? value.trim() : undefined);
  return {
    ...(typeof organisationId === 'number' ? { organisationId } : {}),
    actor: text(draft.actor),
    action: text(draft.action),
    targetType: text(draft.targetType),
    targetId: text(draft.targetId),
    ...auditDayBounds(draft.fromDay, draft.toDay),
  };
}

function Field({
  label,
  value,
  onChange,
  type = 'text',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
}) {
  const id = useId();
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} className="input" type={type} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/**
 * System Logs → Audit: who did what, newest first, with filters, older pages on demand and a CSV export of every
 * matching entry. A superadmin picks all organisations or one; anyone else sees their organisation's (`superadmin`).
 */
export default function AuditLog({ superadmin }: { superadmin: boolean }) {
  const titleId = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [organisation, setOrganisation] = useState<number | 'all'>('all');
  const [applied, setApplied] = useState<AuditFilters>({});
  const [rows, setRows] = useState<AuditEvent[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const [message, setMessage] = useState('');
  const choices = useAllOrganisations({ enabled: superadmin });

  const load = useCallback(async (filters: AuditFilters, after?: string) => {
    setState('loading');
    try {
      const page = await listAuditEvents(filters, { pageSize: PAGE_SIZE, after });
      setRows((current) => (after ? [...current, ...page.items] : page.items));
      setNext(page.next);
      setState('loaded');
    } catch (error) {
      setMessage(messageOr(error, 'Reload the page to try again.'));
      setState('failed');
    }
  }, []);

  useEffect(() => void load(applied), [applied, load]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setApplied(filtersOf(draft, superadmin ? organisation : null));
  };

  const exportCsv = async () => {
    try {
      const { file, fileName } = await exportAuditCsv(applied);
      const url = URL.createObjectURL(file);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (error) {
      setMessage(messageOr(error, 'Reload the page to try again.'));
      setState('failed');
    }
  };

  return (
    <section className="card logs-panel" aria-labelledby={titleId}>
      <div className="logs-panel__head">
        <div>
          <h2 id={titleId} className="logs-panel__title">
            Audit
          </h2>
          <p className="logs-panel__description">Every change and sign-in: who made it, from where, and what changed (secrets masked).</p>
        </div>
        <button type="button" className="btn btn--sm" onClick={() => void exportCsv()}>
          Export CSV
        </button>
      </div>
      <form className="audit-filters" onSubmit={apply} aria-label="Audit filters">
        {superadmin ? (
          <InlineSelect
            label="Organisation"
            disabled={choices.state !== 'loaded'}
            value={String(organisation)}
            options={[
              { value: 'all', label: ALL_ORGANISATIONS_LABEL },
              ...(choices.state === 'loaded' ? organisationOptions(choices.items) : []),
            ]}
            onValueChange={(value) => setOrganisation(value === 'all' ? 'all' : Number(value))}
          />
        ) : null}
        <Field label="Actor" value={draft.actor} onChange={(actor) => setDraft({ ...draft, actor })} />
        <Field label="Action" value={draft.action} onChange={(action) => setDraft({ ...draft, action })} />
        <Field label="Target" value={draft.targetType} onChange={(targetType) => setDraft({ ...draft, targetType })} />
        <Field label="Target ID" value={draft.targetId} onChange={(targetId) => setDraft({ ...draft, targetId })} />
        <Field label="From" type="date" value={draft.fromDay} onChange={(fromDay) => setDraft({ ...draft, fromDay })} />
        <Field label="To" type="date" value={draft.toDay} onChange={(toDay) => setDraft({ ...draft, toDay })} />
        <button type="submit" className="btn btn--sm btn--primary">
          Apply
        </button>
      </form>
      <div className={state === 'loading' ? 'list-panel is-busy' : 'list-panel'} aria-busy={state === 'loading'}>
        {state === 'failed' ? (
          <div className="table-wrap">
            <EmptyState title="The audit trail could not be loaded." description={message} />
          </div>
        ) : (
          <DataTable
            columns={COLUMNS}
            rows={rows}
            rowKey={(row) => row.id}
            caption="Audit entries"
            scrolls
            emptyTitle={state === 'loading' ? 'Loading audit entries...' : 'No audit entries match.'}
            emptyDescription="Changes appear here as they are made."
          />
        )}
        {next ? (
          <button type="button" className="btn btn--sm" onClick={() => void load(applied, next)}>
            Load older entries
          </button>
        ) : null}
      </div>
    </section>
  );
}
