import { headingForEveryone } from '../../lib/screen-heading.ts';
import { useId, useState, type SubmitEvent } from 'react';
import { askAnalyst, type AnalystAnswer, type AnalystResult } from '../../lib/api/ai.ts';
import { AI_SUMMARY_FAILED, EXAMPLE_QUESTIONS, QUESTION_MAX_LENGTH } from '../../lib/ai-analyst.ts';
import { formatVolume } from '../../lib/dashboard-figures.ts';
import { paginate, DEFAULT_PAGE_SIZE } from '../../lib/paging.ts';
import { paymentAmount, statusClass } from '../../lib/payment-form.ts';
import { isSuperadmin } from '../../lib/roles.ts';
import { withLoading } from '../../lib/stores/loading.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import RequireSession from '../shell/RequireSession.tsx';
import DataTable, { type Column } from '../ui/DataTable.tsx';
import Pager from '../ui/Pager.tsx';
import ScreenHeader from '../ui/ScreenHeader.tsx';
import InlineSelect from '../ui/InlineSelect.tsx';
import { organisationOptions, useAllOrganisations } from '../organisations/useAllOrganisations.ts';

/** The analyst screen's heading, the same for every role; the page's HTML shows the screen's whole first frame (ScreenFirstFrame.astro). */
const AI_REPORTING_HEADING = headingForEveryone(
  'AI Analyst',
  'Ask about your payments in plain English: totals, counts, top customers, failures, trends.',
);

const COLUMNS: readonly Column<AnalystResult>[] = [
  { key: 'reference', card: 'title', header: 'Reference ID', render: (row) => <span className="code-tag">{row.reference}</span> },
  { key: 'amount', header: 'Amount', align: 'right', render: (row) => <span className="payment-amount">{paymentAmount(row)}</span> },
  { key: 'status', header: 'Status', render: (row) => <span className={statusClass(row.status)}>{row.status}</span> },
  {
    key: 'customer',
    header: 'Customer',
    render: (row) => (
      <span className="cell-stack">
        <span>{row.customerName}</span>
        <span className="cell-muted">{row.customerEmail}</span>
      </span>
    ),
  },
];

type Group = AnalystAnswer['groups'][number];
const GROUP_COLUMNS: readonly Column<Group>[] = [
  { key: 'label', card: 'title', header: 'Group' },
  { key: 'count', header: 'Payments', align: 'right' },
  { key: 'total', header: 'Total', align: 'right', render: (row) => formatVolume(row.total, row.currency) },
];

/** Superadmin only: all organisations (default) or one. */
function OrganisationPicker({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const choices = useAllOrganisations({ onFailed: (error) => console.error('Could not load organisations:', error) });
  return (
    <InlineSelect
      label="Organisation"
      value={value === null ? '' : String(value)}
      placeholder="All organisations"
      options={choices.state === 'loaded' ? organisationOptions(choices.items) : []}
      onValueChange={(id) => onChange(id ? Number(id) : null)}
    />
  );
}

/** The AI Analyst: a question box, the 'AI Summary' and the matching payments paged on the client (docs/console.md#screens). */
function Analyst({ superadmin }: { superadmin: boolean }) {
  const questionId = useId();
  const [question, setQuestion] = useState('');
  const [orgId, setOrgId] = useState<number | null>(null);
  const [answer, setAnswer] = useState<AnalystAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });

  const ask = async (text: string) => {
    if (!text.trim() || busy) return;
    setBusy(true);
    try {
      const result = await withLoading('Asking the AI analyst...', () => askAnalyst(text.trim(), orgId));
      setAnswer(result);
      setPaging((current) => ({ ...current, page: 1 }));
    } catch (error) {
      console.error('AI query failed:', error);
      showToast({ type: 'error', message: AI_SUMMARY_FAILED });
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    void ask(question);
  };

  const rows = answer?.results ?? [];
  return (
    <section className="screen ai-screen">
      <ScreenHeader {...AI_REPORTING_HEADING.superadmin} />
      <form className="card ai-question" onSubmit={submit}>
        <label htmlFor={questionId} className="ai-question__label">
          Ask a question
        </label>
        <div className="ai-question__row">
          <input
            id={questionId}
            className="input"
            type="text"
            required
            maxLength={QUESTION_MAX_LENGTH}
            placeholder="e.g. How many payments failed last week?"
            value={question}
            onChange={(event) => setQuestion(event.target.value)}
          />
          {superadmin ? <OrganisationPicker value={orgId} onChange={setOrgId} /> : null}
          <button type="submit" className="btn btn--primary" disabled={busy || !question.trim()}>
            {busy ? 'Asking...' : 'Ask'}
          </button>
        </div>
        <div className="ai-examples" aria-label="Example questions">
          {EXAMPLE_QUESTIONS.map((example) => (
            <button
              key={example}
              type="button"
              className="btn btn--sm btn--ghost"
              disabled={busy}
              onClick={() => {
                setQuestion(example);
                void ask(example);
              }}
            >
              {example}
            </button>
          ))}
        </div>
      </form>
      <section className="card dashboard-panel" aria-labelledby="ai-summary" aria-live="polite">
        <h2 id="ai-summary" className="dashboard-panel__title">
          AI Summary
        </h2>
        <p className="ai-summary">{answer ? answer.summary : 'Ask a question to see a summary of your payments here.'}</p>
        {answer?.suggestion ? (
          <button
            type="button"
            className="btn btn--sm btn--ghost"
            disabled={busy}
            onClick={() => {
              setQuestion(answer.suggestion!);
              void ask(answer.suggestion!);
            }}
          >
            Ask: {answer.suggestion}
          </button>
        ) : null}
        {answer && answer.groups.length > 0 ? (
          <DataTable caption="Breakdown" columns={GROUP_COLUMNS} rows={answer.groups} rowKey={(row) => `${row.key}|${row.currency}`} />
        ) : null}
      </section>
      {answer ? (
        <div className="list-panel">
          <DataTable
            caption="Matching payments"
            columns={COLUMNS}
            rows={paginate(rows, paging.page, paging.pageSize)}
            rowKey={(row) => row.reference}
            emptyTitle="No matching payments."
          />
          {rows.length > 0 ? (
            <Pager page={paging.page} pageSize={paging.pageSize} total={rows.length} onChange={setPaging} sizeLabel="Results per page" />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** /dashboard/ai-reporting. */
export default function AiReportingScreen() {
  return <RequireSession>{(user) => <Analyst superadmin={isSuperadmin(user.role)} />}</RequireSession>;
}
