// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import ReceiptNumberingSection from '../../../../src/islands/settings/ReceiptNumberingSection.tsx';
import type { ReceiptBatch } from '../../../../src/lib/api/receipt-batches.ts';
import { $toasts, clearToasts } from '../../../../src/lib/stores/toasts.ts';
import { errorBody, routeFetch, type RoutedRequest, type RoutedResponse } from '../../support/fetch-routes.ts';

const INV: ReceiptBatch = {
  id: 1,
  prefix: 'INV',
  startNumber: 1,
  endNumber: null,
  nextNumber: 42,
  isActive: true,
  createdAt: '2026-01-01T00:00:00Z',
};
const RC: ReceiptBatch = {
  id: 2,
  prefix: 'RC',
  startNumber: 100,
  endNumber: 199,
  nextNumber: 100,
  isActive: false,
  createdAt: '2026-01-02T00:00:00Z',
};

const toastTexts = () => $toasts.get().map((toast) => toast.message);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Routes the list to `batches`; `other` answers everything else. */
function serve(batches: ReceiptBatch[], other: (request: RoutedRequest) => RoutedResponse | undefined = () => undefined) {
  return routeFetch((request) =>
    request.method === 'GET' && request.path === '/api/receipt-batches' ? { body: batches } : other(request),
  );
}

async function renderSection() {
  render(<ReceiptNumberingSection />);
  const section = screen.getByRole('region', { name: 'Receipt Numbering' });
  await waitFor(() => expect(within(section).queryByText('Loading receipt batches...')).toBeNull());
  return section;
}

function rows(section: HTMLElement) {
  return within(section)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

test('lists the batches: ∞ for no end, the active badge, Activate only on inactive ones', async () => {
  serve([RC, INV]);
  const section = await renderSection();
  expect(
    within(section)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Prefix', 'Start', 'End', 'Next number', 'Status', 'Actions']);
  expect(rows(section)).toEqual([
    ['INV', '1', '∞', '42', 'Active', 'Delete INV 1–∞'],
    ['RC', '100', '199', '100', 'Inactive', 'Activate RC 100–199Delete RC 100–199'],
  ]);
  expect(within(section).getAllByRole('button', { name: /^Activate/ })).toHaveLength(1);
});

test('an empty list invites creating a batch; the form starts at 1 with no end', async () => {
  serve([]);
  const section = await renderSection();
  expect(within(section).getByText('No receipt batches yet.')).toBeTruthy();
  expect(within(section).getByLabelText<HTMLInputElement>(/^Prefix/).value).toBe('');
  expect(within(section).getByLabelText<HTMLInputElement>(/^Start number/).value).toBe('1');
  expect(within(section).getByLabelText<HTMLInputElement>(/^End number/).value).toBe('');
});

test('creating sends the trimmed prefix and start 1 with no end, then lists the new batch', async () => {
  const created: ReceiptBatch = {
    id: 3,
    prefix: 'NEW',
    startNumber: 1,
    endNumber: null,
    nextNumber: 1,
    isActive: false,
    createdAt: '2026-01-03T00:00:00Z',
  };
  const { requests } = serve([INV], (request) => (request.method === 'POST' ? { status: 201, body: created } : undefined));
  const section = await renderSection();
  fireEvent.change(within(section).getByLabelText(/^Prefix/), { target: { value: '  NEW ' } });
  await act(async () => fireEvent.click(within(section).getByRole('button', { name: 'Create Batch' })));
  // An unbounded end is left out of the payload (the server would coerce a null to 0).
  expect(requests.find((r) => r.method === 'POST')).toMatchObject({ path: '/api/receipt-batches' });
  expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ prefix: 'NEW', startNumber: 1 });
  expect(toastTexts()).toEqual(['New receipt batch created.']);
  await waitFor(() => expect(rows(section)[1]).toEqual(['NEW', '1', '∞', '1', 'Inactive', 'Activate NEW 1–∞Delete NEW 1–∞']));
  expect(within(section).getByLabelText<HTMLInputElement>(/^Prefix/).value).toBe('');
});

test('a bounded batch sends its start and end numbers', async () => {
  const created: ReceiptBatch = {
    id: 4,
    prefix: 'RC',
    startNumber: 500,
    endNumber: 999,
    nextNumber: 500,
    isActive: false,
    createdAt: '2026-01-04T00:00:00Z',
  };
  const { requests } = serve([], (request) => (request.method === 'POST' ? { status: 201, body: created } : undefined));
  const section = await renderSection();
  fireEvent.change(within(section).getByLabelText(/^Prefix/), { target: { value: 'RC' } });
  fireEvent.change(within(section).getByLabelText(/^Start number/), { target: { value: '500' } });
  fireEvent.change(within(section).getByLabelText(/^End number/), { target: { value: '999' } });
  await act(async () => fireEvent.click(within(section).getByRole('button', { name: 'Create Batch' })));
  expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ prefix: 'RC', startNumber: 500, endNumber: 999 });
  await waitFor(() => expect(rows(section)).toEqual([['RC', '500', '999', '500', 'Inactive', 'Activate RC 500–999Delete RC 500–999']]));
});

test('the form catches a missing prefix and an end below the start before sending', async () => {
  const { requests } = serve([]);
  const section = await renderSection();
  fireEvent.change(within(section).getByLabelText(/^Start number/), { target: { value: '10' } });
  fireEvent.change(within(section).getByLabelText(/^End number/), { target: { value: '5' } });
  fireEvent.click(within(section).getByRole('button', { name: 'Create Batch' }));
  expect(within(section).getByText('Prefix is required.')).toBeTruthy();
  expect(within(section).getByText('End number must be a whole number not below the start number.')).toBeTruthy();
  expect(document.activeElement).toBe(within(section).getByLabelText(/^Prefix/));
  expect(requests.some((r) => r.method === 'POST')).toBe(false);
});

test("a refused create shows the server's message, or 'Failed to create batch.' without one", async () => {
  const conflict = 'Another INV batch already covers part of this range; receipt numbers must stay unique.';
  let answer: RoutedResponse = errorBody(409, 'Conflict', conflict);
  serve([INV], (request) => (request.method === 'POST' ? answer : undefined));
  const section = await renderSection();
  fireEvent.change(within(section).getByLabelText(/^Prefix/), { target: { value: 'INV' } });
  await act(async () => fireEvent.click(within(section).getByRole('button', { name: 'Create Batch' })));
  expect(toastTexts()).toEqual([conflict]);
  expect(within(section).getByLabelText<HTMLInputElement>(/^Prefix/).value).toBe('INV');

  clearToasts();
  answer = { status: 500, body: null };
  await act(async () => fireEvent.click(within(section).getByRole('button', { name: 'Create Batch' })));
  expect(toastTexts()).toEqual(['Failed to create batch.']);
});

test('activating makes that batch the only active one', async () => {
  const { requests } = serve([INV, RC], (request) => (request.method === 'PATCH' ? { body: { ...RC, isActive: true } } : undefined));
  const section = await renderSection();
  await act(async () => fireEvent.click(within(section).getByRole('button', { name: 'Activate RC 100–199' })));
  expect(requests.find((r) => r.method === 'PATCH')?.path).toBe('/api/receipt-batches/2/activate');
  expect(toastTexts()).toEqual(['Batch activated successfully.']);
  expect(rows(section).map((row) => row[4])).toEqual(['Inactive', 'Active']);
  expect(within(section).getByRole('button', { name: 'Activate INV 1–∞' })).toBeTruthy();
});

test("a refused activation shows the server's message, or 'Failed to activate batch.'", async () => {
  let answer: RoutedResponse = errorBody(400, 'Bad Request', 'This batch is exhausted; create a new one.');
  serve([INV, RC], (request) => (request.method === 'PATCH' ? answer : undefined));
  const section = await renderSection();
  await act(async () => fireEvent.click(within(section).getByRole('button', { name: 'Activate RC 100–199' })));
  expect(toastTexts()).toEqual(['This batch is exhausted; create a new one.']);
  clearToasts();
  answer = { status: 502 };
  await act(async () => fireEvent.click(within(section).getByRole('button', { name: 'Activate RC 100–199' })));
  expect(toastTexts()).toEqual(['Failed to activate batch.']);
  expect(rows(section).map((row) => row[4])).toEqual(['Active', 'Inactive']);
});

test('deleting asks first, and Cancel keeps the batch', async () => {
  const { requests } = serve([INV, RC], (request) => (request.method === 'DELETE' ? { body: { message: 'Batch deleted.' } } : undefined));
  const section = await renderSection();
  fireEvent.click(within(section).getByRole('button', { name: 'Delete INV 1–∞' }));
  const dialog = screen.getByRole('dialog');
  expect(within(dialog).getByText('Are you sure you want to delete this batch? This cannot be undone.')).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

  fireEvent.click(within(section).getByRole('button', { name: 'Delete INV 1–∞' }));
  await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' })));
  expect(requests.find((r) => r.method === 'DELETE')?.path).toBe('/api/receipt-batches/1');
  expect(toastTexts()).toEqual(['Batch deleted.']);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(rows(section).map((row) => row[0])).toEqual(['RC']);
});

test("a refused delete shows the server's message, or 'Failed to delete batch.', and keeps the row", async () => {
  let answer: RoutedResponse = errorBody(404, 'Not Found', 'Receipt batch not found.');
  serve([INV], (request) => (request.method === 'DELETE' ? answer : undefined));
  const section = await renderSection();
  fireEvent.click(within(section).getByRole('button', { name: 'Delete INV 1–∞' }));
  await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' })));
  expect(toastTexts()).toEqual(['Receipt batch not found.']);
  clearToasts();
  answer = { status: 500 };
  await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' })));
  expect(toastTexts()).toEqual(['Failed to delete batch.']);
  expect(rows(section).map((row) => row[0])).toEqual(['INV']);
});

test('a list that fails to load says so and can be retried', async () => {
  let fail = true;
  routeFetch(() => (fail ? { status: 500 } : { body: [INV] }));
  const section = await renderSection();
  expect(within(section).getByRole('alert').textContent).toContain('Could not load receipt batches.');
  fail = false;
  await act(async () => fireEvent.click(within(section).getByRole('button', { name: 'Try again' })));
  await waitFor(() => expect(rows(section).map((row) => row[0])).toEqual(['INV']));
});
