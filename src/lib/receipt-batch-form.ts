// Rules and texts of Settings › Receipt Numbering (docs/console.md#screens, #entities, #states, #validation, #messages), free of React.
import type { ReceiptBatch, ReceiptBatchInput } from './api/receipt-batches.ts';
import type { Checked, FieldErrors } from './field-rules.ts';

// Texts the spec quotes, verbatim.
export const BATCH_CREATED = 'New receipt batch created.';
export const BATCH_CREATE_FAILED = 'Failed to create batch.';
export const BATCH_ACTIVATED = 'Batch activated successfully.';
export const BATCH_ACTIVATE_FAILED = 'Failed to activate batch.';
export const BATCH_DELETED = 'Batch deleted.';
export const BATCH_DELETE_FAILED = 'Failed to delete batch.';
export const DELETE_BATCH_QUESTION = 'Are you sure you want to delete this batch? This cannot be undone.';

// Texts of our own (the server's limits, caught before sending).
export const BATCHES_LOAD_FAILED = 'Could not load receipt batches.';
export const PREFIX_REQUIRED = 'Prefix is required.';
export const PREFIX_HAS_SPACES = 'Prefix may not contain spaces.';
export const START_REQUIRED = 'Start number is required.';
export const START_INVALID = 'Start number must be a whole number of 0 or more.';
export const END_INVALID = 'End number must be a whole number not below the start number.';

/** The server's longest prefix. */
export const PREFIX_MAX = 30;
/** The start number a new batch offers. */
export const DEFAULT_START_NUMBER = 1;
/** How an unbounded end is shown. */
export const UNBOUNDED = '∞';

/** What the create form holds: the inputs' text. */
export interface BatchForm {
  prefix: string;
  startNumber: string;
  endNumber: string;
}

export type BatchField = keyof BatchForm;

/** The form's field order, for moving focus to the first problem. */
export const BATCH_FIELDS: readonly BatchField[] = ['prefix', 'startNumber', 'endNumber'];

/** An empty create form: start number 1, no end. */
export const EMPTY_BATCH_FORM: BatchForm = { prefix: '', startNumber: String(DEFAULT_START_NUMBER), endNumber: '' };

/** A whole number written in decimal digits (an optional leading minus), or undefined. */
function wholeNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** Checks the create form and gives the payload: prefix trimmed, start a whole number, an empty end null (unbounded). */
export function checkBatchForm(form: BatchForm): Checked<Required<ReceiptBatchInput>, BatchField> {
  const errors: FieldErrors<BatchField> = {};
  const prefix = form.prefix.trim();
  if (prefix === '') errors.prefix = PREFIX_REQUIRED;
  else if (/\s/.test(prefix)) errors.prefix = PREFIX_HAS_SPACES;

  const start = wholeNumber(form.startNumber);
  if (form.startNumber.trim() === '') errors.startNumber = START_REQUIRED;
  else if (start === undefined || start < 0) errors.startNumber = START_INVALID;

  let end: number | null = null;
  if (form.endNumber.trim() !== '') {
    const parsed = wholeNumber(form.endNumber);
    if (parsed === undefined || parsed < 0 || (start !== undefined && parsed < start)) errors.endNumber = END_INVALID;
    else end = parsed;
  }

  if (errors.prefix || errors.startNumber || errors.endNumber || start === undefined) return { ok: false, errors };
  return { ok: true, value: { prefix, startNumber: start, endNumber: end } };
}

/** A batch's end as shown: its number, or ∞ when it has none. */
export function batchEnd(endNumber: number | null | undefined): string {
  return endNumber === null || endNumber === undefined ? UNBOUNDED : String(endNumber);
}

/** Batches in the order they were created. */
export function sortBatches(batches: readonly ReceiptBatch[]): ReceiptBatch[] {
  return [...batches].sort((a, b) => a.id - b.id);
}

/** The list after activating `active`: it alone is active (the server deactivates the rest). */
export function withActiveBatch(batches: readonly ReceiptBatch[], active: ReceiptBatch): ReceiptBatch[] {
  return batches.map((batch) => (batch.id === active.id ? { ...active, isActive: true } : { ...batch, isActive: false }));
}

/** A short name for a batch, read out after the row's button words ('Activate INV 1–∞'). */
export function batchLabel(batch: Pick<ReceiptBatch, 'prefix' | 'startNumber' | 'endNumber'>): string {
  return `${batch.prefix} ${batch.startNumber}–${batchEnd(batch.endNumber)}`;
}
