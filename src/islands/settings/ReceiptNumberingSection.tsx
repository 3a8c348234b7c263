import { useCallback, useEffect, useState, type SubmitEvent } from 'react';
import { messageOr } from '../../lib/api/errors.ts';
import { activateBatch, createBatch, deleteBatch, listBatches, type ReceiptBatch } from '../../lib/api/receipt-batches.ts';
import { firstErrorField, type FieldErrors } from '../../lib/field-rules.ts';
import {
  BATCHES_LOAD_FAILED,
  BATCH_ACTIVATED,
  BATCH_ACTIVATE_FAILED,
  BATCH_CREATED,
  BATCH_CREATE_FAILED,
  BATCH_DELETED,
  BATCH_DELETE_FAILED,
  BATCH_FIELDS,
  DELETE_BATCH_QUESTION,
  EMPTY_BATCH_FORM,
  PREFIX_MAX,
  batchEnd,
  batchLabel,
  checkBatchForm,
  sortBatches,
  withActiveBatch,
  type BatchField,
  type BatchForm,
} from '../../lib/receipt-batch-form.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import DataTable, { type Column } from '../ui/DataTable.tsx';
import TextField from '../ui/TextField.tsx';
import SettingsSection from './SettingsSection.tsx';

type Listing = { status: 'loading' } | { status: 'loaded'; batches: ReceiptBatch[] } | { status: 'failed' };

/** Batch actions show the server's message when it sent one, the documented text otherwise (docs/console.md#messages). */
function failed(error: unknown, fallback: string) {
  showToast({ type: 'error', message: messageOr(error, fallback) });
}

/** Receipt Numbering (non-superadmins): the organisation's receipt batches, with create, activate and delete. */
export default function ReceiptNumberingSection() {
  const [listing, setListing] = useState<Listing>({ status: 'loading' });
  const [form, setForm] = useState<BatchForm>(EMPTY_BATCH_FORM);
  const [errors, setErrors] = useState<FieldErrors<BatchField>>({});
  const [creating, setCreating] = useState(false);
  const [workingId, setWorkingId] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<ReceiptBatch | null>(null);
  const [deleting, setDeleting] = useState(false);

  const load = useCallback(async () => {
    setListing({ status: 'loading' });
    try {
      setListing({ status: 'loaded', batches: sortBatches(await listBatches()) });
    } catch {
      setListing({ status: 'failed' });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const update = (change: (batches: ReceiptBatch[]) => ReceiptBatch[]) =>
    setListing((was) => (was.status === 'loaded' ? { status: 'loaded', batches: change(was.batches) } : was));

  const change = (key: BatchField, value: string) => {
    setForm((was) => ({ ...was, [key]: value }));
    setErrors((was) => ({ ...was, [key]: undefined }));
  };

  const create = async (payload: Parameters<typeof createBatch>[0]) => {
    try {
      const batch = await createBatch(payload);
      update((batches) => sortBatches([...batches.filter((b) => b.id !== batch.id), batch]));
      setForm(EMPTY_BATCH_FORM);
      showToast({ type: 'success', message: BATCH_CREATED });
    } catch (error) {
      failed(error, BATCH_CREATE_FAILED);
    }
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (creating) return;
    const checked = checkBatchForm(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      const field = firstErrorField(checked.errors, BATCH_FIELDS);
      if (field) event.currentTarget.querySelector<HTMLInputElement>(`input[name="${field}"]`)?.focus();
      return;
    }
    setCreating(true);
    void create(checked.value).finally(() => setCreating(false));
  };

  const activate = async (batch: ReceiptBatch) => {
    setWorkingId(batch.id);
    try {
      const active = await activateBatch(batch.id);
      update((batches) => withActiveBatch(batches, active));
      showToast({ type: 'success', message: BATCH_ACTIVATED });
    } catch (error) {
      failed(error, BATCH_ACTIVATE_FAILED);
    } finally {
      setWorkingId(null);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    const batch = toDelete;
    setDeleting(true);
    try {
      await deleteBatch(batch.id);
      update((batches) => batches.filter((b) => b.id !== batch.id));
      setToDelete(null);
      showToast({ type: 'success', message: BATCH_DELETED });
    } catch (error) {
      failed(error, BATCH_DELETE_FAILED);
    } finally {
      setDeleting(false);
    }
  };

  const columns: Column<ReceiptBatch>[] = [
    { key: 'prefix', card: 'title', header: 'Prefix', render: (batch) => <span className="code-tag">{batch.prefix}</span> },
    { key: 'startNumber', header: 'Start', align: 'right' },
    {
      key: 'endNumber',
      header: 'End',
      align: 'right',
      render: (batch) => (batch.endNumber === null ? <span title="Unbounded">{batchEnd(null)}</span> : batchEnd(batch.endNumber)),
    },
    { key: 'nextNumber', header: 'Next number', align: 'right' },
    {
      key: 'isActive',
      header: 'Status',
      render: (batch) =>
        batch.isActive ? <span className="badge badge--success">Active</span> : <span className="cell-muted">Inactive</span>,
    },
    {
      key: 'actions',
      card: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'right',
      render: (batch) => {
        const name = batchLabel(batch);
        const busy = workingId !== null || deleting;
        return (
          <div className="row-actions">
            {batch.isActive ? null : (
              <button
                type="button"
                className="btn btn--sm"
                onClick={() => void activate(batch)}
                disabled={busy}
                aria-busy={workingId === batch.id || undefined}
              >
                {workingId === batch.id ? 'Activating...' : 'Activate'}
                <span className="visually-hidden"> {name}</span>
              </button>
            )}
            <button type="button" className="btn btn--sm btn--danger-ghost" onClick={() => setToDelete(batch)} disabled={busy}>
              Delete<span className="visually-hidden"> {name}</span>
            </button>
          </div>
        );
      },
    },
  ];

  return (
    <SettingsSection
      title="Receipt Numbering"
      className="receipt-numbering"
      description="Receipts are numbered from the active batch: its prefix followed by the next number. Only one batch is active at a time."
    >
      <form className="form batch-form" noValidate onSubmit={submit} aria-label="New receipt batch">
        <TextField
          label="Prefix"
          required
          error={errors.prefix}
          hint="e.g. INV or RCPT-2026"
          name="prefix"
          maxLength={PREFIX_MAX}
          autoComplete="off"
          value={form.prefix}
          onValueChange={(value) => change('prefix', value)}
        />
        <TextField
          label="Start number"
          required
          error={errors.startNumber}
          name="startNumber"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={form.startNumber}
          onValueChange={(value) => change('startNumber', value)}
        />
        <TextField
          label="End number"
          error={errors.endNumber}
          hint="Optional; empty means unbounded (∞)."
          name="endNumber"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={form.endNumber}
          onValueChange={(value) => change('endNumber', value)}
        />
        <div className="batch-form__actions">
          <button type="submit" className="btn btn--primary" disabled={creating} aria-busy={creating || undefined}>
            {creating ? 'Creating...' : 'Create Batch'}
          </button>
        </div>
      </form>

      {listing.status === 'loading' ? (
        <p className="cell-muted" role="status">
          Loading receipt batches...
        </p>
      ) : null}
      {listing.status === 'failed' ? (
        <div className="settings-note" role="alert">
          <p className="settings-note__title">{BATCHES_LOAD_FAILED}</p>
          <button type="button" className="btn btn--sm" onClick={() => void load()}>
            Try again
          </button>
        </div>
      ) : null}
      {listing.status === 'loaded' ? (
        <DataTable
          columns={columns}
          rows={listing.batches}
          rowKey={(batch) => batch.id}
          caption="Receipt batches"
          emptyTitle="No receipt batches yet."
          emptyDescription="Create one above, then activate it to start numbering receipts."
        />
      ) : null}

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete batch"
        message={DELETE_BATCH_QUESTION}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </SettingsSection>
  );
}
