import { useEffect, useId, useRef } from 'react';
import type { Bank } from '../../lib/api/types.ts';
import { apiConfigSummary, bankForm, formatBankTime, type BankPayload } from '../../lib/bank-form.ts';
import BankForm from './BankForm.tsx';
import BankLogo from './BankLogo.tsx';

export interface BankCardProps {
  bank: Bank;
  editing: boolean;
  onEdit: () => void;
  onCancelEdit: () => void;
  onSave: (payload: BankPayload) => Promise<boolean>;
  onDelete: () => void;
}

/** One bank: logo, name, code and last update, with its inline edit form and Delete. */
export default function BankCard({ bank, editing, onEdit, onCancelEdit, onSave, onDelete }: BankCardProps) {
  const titleId = useId();
  const editRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  // Closing the form (Save, Cancel) puts focus back on the Edit button that opened it.
  useEffect(() => {
    if (wasEditing.current && !editing) editRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const summary = apiConfigSummary(bank.apiConfig);
  const deleteButton = (
    <button type="button" className="btn btn--sm btn--danger-ghost" onClick={onDelete}>
      Delete<span className="visually-hidden"> {bank.name}</span>
    </button>
  );
  return (
    <article className={editing ? 'card bank-card is-editing' : 'card bank-card'} aria-labelledby={titleId}>
      <div className="bank-card__head">
        <BankLogo logoUrl={bank.logoUrl} name={bank.name} />
        <div className="bank-card__title">
          <h2 id={titleId} className="bank-card__name">
            {bank.name}
          </h2>
          <div className="bank-card__meta">
            <span className="code-tag" aria-label={`Code ${bank.code}`}>
              {bank.code}
            </span>
            <span className="cell-muted">
              Updated <time dateTime={bank.updatedAt}>{formatBankTime(bank.updatedAt)}</time>
            </span>
          </div>
        </div>
      </div>
      {editing ? (
        <div className="bank-card__form">
          <BankForm
            initial={bankForm(bank)}
            editorName={`bank-${bank.id}`}
            submitLabel="Save"
            busyLabel="Saving..."
            onSubmit={onSave}
            onCancel={onCancelEdit}
            extraActions={deleteButton}
          />
        </div>
      ) : (
        <>
          <dl className="bank-card__facts">
            <div>
              <dt>API base URL</dt>
              <dd className="mono-text" title={summary.baseUrl}>
                {summary.baseUrl || '—'}
              </dd>
            </div>
            <div>
              <dt>Auth</dt>
              <dd>{summary.auth}</dd>
            </div>
          </dl>
          <div className="bank-card__actions">
            <button ref={editRef} type="button" className="btn btn--sm" onClick={onEdit}>
              Edit<span className="visually-hidden"> {bank.name}</span>
            </button>
            {deleteButton}
          </div>
        </>
      )}
    </article>
  );
}
