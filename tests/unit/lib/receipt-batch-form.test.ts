import { expect, test } from 'vitest';
import type { ReceiptBatch } from '../../../src/lib/api/receipt-batches.ts';
import {
  EMPTY_BATCH_FORM,
  END_INVALID,
  PREFIX_HAS_SPACES,
  PREFIX_REQUIRED,
  START_INVALID,
  START_REQUIRED,
  batchEnd,
  batchLabel,
  checkBatchForm,
  sortBatches,
  withActiveBatch,
} from '../../../src/lib/receipt-batch-form.ts';

const batch = (id: number, extra: Partial<ReceiptBatch> = {}): ReceiptBatch => ({
  id,
  prefix: `P${id}`,
  startNumber: 1,
  endNumber: null,
  nextNumber: 1,
  isActive: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

test('a new form starts at 1 with no end', () => {
  expect(EMPTY_BATCH_FORM).toEqual({ prefix: '', startNumber: '1', endNumber: '' });
});

test('the prefix is trimmed and required', () => {
  expect(checkBatchForm({ ...EMPTY_BATCH_FORM, prefix: '  INV ' })).toEqual({
    ok: true,
    value: { prefix: 'INV', startNumber: 1, endNumber: null },
  });
  expect(checkBatchForm({ ...EMPTY_BATCH_FORM, prefix: '   ' })).toEqual({ ok: false, errors: { prefix: PREFIX_REQUIRED } });
  expect(checkBatchForm({ ...EMPTY_BATCH_FORM, prefix: 'IN V' })).toEqual({ ok: false, errors: { prefix: PREFIX_HAS_SPACES } });
});

test('the start number is a required whole number of 0 or more', () => {
  const with_ = (startNumber: string) => checkBatchForm({ ...EMPTY_BATCH_FORM, prefix: 'INV', startNumber });
  expect(with_(' 1000 ')).toEqual({ ok: true, value: { prefix: 'INV', startNumber: 1000, endNumber: null } });
  expect(with_('0')).toMatchObject({ ok: true, value: { startNumber: 0 } });
  expect(with_('')).toEqual({ ok: false, errors: { startNumber: START_REQUIRED } });
  for (const bad of ['1.5', 'abc', '-1', '1e3', '99999999999999999999']) {
    expect(with_(bad), bad).toEqual({ ok: false, errors: { startNumber: START_INVALID } });
  }
});

test('an empty end number means unbounded (null); otherwise a whole number not below the start', () => {
  const with_ = (startNumber: string, endNumber: string) => checkBatchForm({ prefix: 'INV', startNumber, endNumber });
  expect(with_('1', '   ')).toMatchObject({ ok: true, value: { endNumber: null } });
  expect(with_('10', '500')).toEqual({ ok: true, value: { prefix: 'INV', startNumber: 10, endNumber: 500 } });
  expect(with_('10', '10')).toMatchObject({ ok: true, value: { endNumber: 10 } });
  for (const bad of ['9', '12.5', 'x', '-3']) expect(with_('10', bad), bad).toEqual({ ok: false, errors: { endNumber: END_INVALID } });
});

test('every problem is reported at once', () => {
  expect(checkBatchForm({ prefix: '', startNumber: 'x', endNumber: 'y' })).toEqual({
    ok: false,
    errors: { prefix: PREFIX_REQUIRED, startNumber: START_INVALID, endNumber: END_INVALID },
  });
});

test('a missing end shows as ∞', () => {
  expect(batchEnd(null)).toBe('∞');
  expect(batchEnd(undefined)).toBe('∞');
  expect(batchEnd(0)).toBe('0');
  expect(batchEnd(250)).toBe('250');
  expect(batchLabel({ prefix: 'INV', startNumber: 1, endNumber: null })).toBe('INV 1–∞');
  expect(batchLabel({ prefix: 'RC', startNumber: 5, endNumber: 9 })).toBe('RC 5–9');
});

test('batches are listed in creation order; activating one leaves it the only active batch', () => {
  const sorted = sortBatches([batch(3), batch(1, { isActive: true }), batch(2)]);
  expect(sorted.map((b) => b.id)).toEqual([1, 2, 3]);
  const after = withActiveBatch(sorted, { ...batch(3), isActive: true, nextNumber: 4 });
  expect(after.map((b) => [b.id, b.isActive])).toEqual([
    [1, false],
    [2, false],
    [3, true],
  ]);
  expect(after[2]?.nextNumber).toBe(4);
});
