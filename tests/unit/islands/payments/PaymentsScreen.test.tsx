// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import PaymentsScreen from '../../../../src/islands/payments/PaymentsScreen.tsx';
import type { Payment } from '../../../../src/lib/api/payments.ts';
import type { Currency } from '../../../../src/lib/api/types.ts';
import { $session } from '../../../../src/lib/stores/session.ts';
import { clearToasts } from '../../../../src/lib/stores/toasts.ts';
import { errorBody, listOf, routeFetch, type RoutedRequest, type RoutedResponse } from '../../support/fetch-routes.ts';
import { paymentOf, superadmin, toastMessages, usePaymentIslandSession } from './payment-island.ts';

const stamp = '2026-11-22T10:05:00.000Z';
const payment = (reference: string, changes: Partial<Payment> = {}) =>
  paymentOf(reference, { customerName: 'Kofi Mensah', date: stamp, createdAt: stamp, ...changes });

const pending = payment('PAY-0000000000000001');
const paid = payment('PAY-0000000000000002', {
  status: 'Success',
  receiptNumber: 'RCT-000042',
  amount: '99.00',
  amountMinor: 9900,
  currency: 'USD',
  customerName: 'Ama Owusu',
});
const currencies: Currency[] = [
  { id: 1, name: 'Ghana Cedi', code: 'GHS', baseUnit: 100, enabled: true, createdAt: stamp, updatedAt: stamp },
  { id: 2, name: 'US Dollar', code: 'USD', baseUnit: 100, enabled: true, createdAt: stamp, updatedAt: stamp },
];

/** The API as the screen sees it; `override` answers first when it returns something. */
function api(override: (request: RoutedRequest) => RoutedResponse | undefined = () => undefined) {
  return routeFetch((request) => {
    const special = override(request);
    if (special) return special;
    if (request.path === '/api/payments' && request.method === 'GET') {
      if (request.query['organisationId'] === '9') return { body: listOf([payment('PAY-0000000000000009', { customerName: 'Yaw' })]) };
      return { body: { ...listOf([pending, paid].map((row) => ({ ...row, organisationCode: 'ACME' }))), totalCapped: false, next: null } };
    }
    if (request.path === '/api/organisations/my-organisation')
      return { body: { id: 7, currencies: ['GHS', 'USD'], defaultCurrency: 'USD' } };
    if (request.path === '/api/currencies') return { body: listOf(currencies) };
    if (request.path === '/api/organisations') {
      return {
        body: listOf([
          { id: 7, name: 'Acme Pay' },
          { id: 9, name: 'Kumasi Traders' },
        ]),
      };
    }
    return undefined;
  });
}

usePaymentIslandSession('/dashboard/payments');
const messages = toastMessages;
const rowOf = (table: HTMLElement, text: string) => within(table).getAllByText(text)[0]?.closest('tr') as HTMLElement;
const buttonNames = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('button')
    .map((b) => b.textContent?.replace(/ PAY-\w+$/, ''));

async function openTable() {
  render(<PaymentsScreen />);
  return screen.findByRole('table', { name: 'Payments' });
}

test('orgadmin: the paged table with spec columns, money in each currency, status colours and per-status actions', async () => {
  const { requests } = api();
  const table = await openTable();
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('All Payments');
  expect(requests.find((r) => r.path === '/api/payments')).toMatchObject({ method: 'GET', query: { page: '1', pageSize: '10' } });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Reference ID', 'Receipt No.', 'Amount', 'Status', 'Customer', 'Date', 'Actions']);
  const pendingRow = rowOf(table, pending.reference);
  expect(within(pendingRow).getByRole('link', { name: pending.reference }).getAttribute('href')).toBe(
    `/dashboard/payments/${pending.reference}`,
  );
  expect(within(pendingRow).getByText('GH₵12.50')).toBeTruthy();
  expect(within(pendingRow).getByText('Pending').className).toBe('badge badge--danger');
  expect(buttonNames(pendingRow)).toEqual(['Send', 'View invoice', 'Mark as paid', 'Cancel']); // Cancel in the row's menu
  const paidRow = rowOf(table, paid.reference);
  expect(within(paidRow).getByText('US$99.00')).toBeTruthy();
  expect(within(paidRow).getByText('RCT-000042')).toBeTruthy();
  expect(within(paidRow).getByText('Success').className).toBe('badge badge--success');
  expect(buttonNames(paidRow)).toEqual(['Send', 'View receipt', 'Copy link', 'Refund']); // Refund in the row's menu
  expect(screen.getByRole('button', { name: 'Create Payment' })).toBeTruthy();
  expect(screen.getAllByRole('button', { name: /^Send/ })).toHaveLength(2);
  expect(screen.queryByText('Superadmin: read-only')).toBeNull();
});

test("'Failed to load payments' when the list cannot be loaded", async () => {
  api((request) => (request.path === '/api/payments' ? errorBody(500, 'Internal Server Error', '') : undefined));
  render(<PaymentsScreen />);
  await waitFor(() => expect(messages()).toEqual(['error: Failed to load payments: Internal Server Error']));
});

test('the filters and search go to the server, restart from page 1 and live in the URL (Back restores them)', async () => {
  const { requests } = api();
  await openTable();
  const lastList = () => requests.filter((r) => r.path === '/api/payments').at(-1)?.query;
  fireEvent.click(screen.getByRole('checkbox', { name: 'Success' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Failed' }));
  await waitFor(() => expect(lastList()).toMatchObject({ status: 'Success,Failed', page: '1' }));
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search payments' }), { target: { value: 'kofi' } });
  await waitFor(() => expect(lastList()).toMatchObject({ status: 'Success,Failed', search: 'kofi', page: '1' }));
  fireEvent.change(screen.getByLabelText('Channel'), { target: { value: 'record-url' } });
  fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'GHS' } });
  await waitFor(() => expect(lastList()).toMatchObject({ channel: 'record-url', currency: 'GHS' }));
  expect(window.location.search).toBe('?status=Success%2CFailed&currency=GHS&channel=record-url&search=kofi');
  window.history.back();
  await waitFor(() => expect(window.location.search).toBe('?status=Success%2CFailed&channel=record-url&search=kofi'));
  await waitFor(() => expect(lastList()).not.toHaveProperty('currency'));
  expect(lastList()).toMatchObject({ channel: 'record-url' });
});

test("the count says '1,000+' and the pager goes on while pages are full when the server stopped counting", async () => {
  const rows = Array.from({ length: 10 }, (_, i) => ({
    ...payment(`PAY-00000000000001${String(i).padStart(2, '0')}`),
    organisationCode: 'ACME',
  }));
  api((request) =>
    request.path === '/api/payments'
      ? { body: { items: rows, total: 1000, totalCapped: true, page: 1, pageSize: 10, next: 'x' } }
      : undefined,
  );
  await openTable();
  expect(screen.getByText('1,000+ payments')).toBeTruthy();
  expect(screen.getByText('1–10 of 1,000+')).toBeTruthy();
  expect(screen.getByText('Page 1')).toBeTruthy();
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(false);
});

test("Mark as paid asks first, PATCHes mark-success and toasts 'Payment marked as paid.'", async () => {
  const { requests } = api((request) =>
    request.method === 'PATCH' ? { body: { ...pending, status: 'Success', receiptNumber: 'RCT-000043' } } : undefined,
  );
  const table = await openTable();
  fireEvent.click(within(rowOf(table, pending.reference)).getByRole('button', { name: /Mark as paid/ }));
  const dialog = screen.getByRole('dialog', { name: 'Mark as paid' });
  expect(dialog.textContent).toContain('GH₵12.50');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
  await waitFor(() => expect(messages()).toEqual(['success: Payment marked as paid.']));
  expect(requests.find((r) => r.method === 'PATCH')?.path).toBe(`/api/payments/${pending.id}/mark-success`);
});

test("a refused Mark as paid shows 'Failed to mark as paid.' with the server's reason", async () => {
  api((request) => (request.method === 'PATCH' ? errorBody(400, 'Bad Request', 'This payment is already paid.') : undefined));
  const table = await openTable();
  fireEvent.click(within(rowOf(table, pending.reference)).getByRole('button', { name: /Mark as paid/ }));
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Mark as paid' })).getByRole('button', { name: 'Mark as paid' }));
  await waitFor(() => expect(messages()).toEqual(['error: Failed to mark as paid.: This payment is already paid.']));
});

test("Copy link copies the receipt URL: 'Receipt link copied to clipboard', or 'Could not copy link'", async () => {
  const writeText = vi.fn(() => Promise.resolve());
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
  let fail = false;
  const { requests } = api((request) =>
    request.path.endsWith('/receipt')
      ? fail
        ? errorBody(404, 'Not Found', 'No receipt.')
        : { body: { url: 'http://x.test/receipts/tok' } }
      : undefined,
  );
  const table = await openTable();
  fireEvent.click(within(rowOf(table, paid.reference)).getByRole('button', { name: /Copy link/ }));
  await waitFor(() => expect(messages()).toEqual(['success: Receipt link copied to clipboard']));
  expect(writeText).toHaveBeenCalledWith('http://x.test/receipts/tok');
  expect(requests.some((r) => r.path === `/api/payments/${paid.id}/receipt`)).toBe(true);
  clearToasts();
  fail = true;
  fireEvent.click(within(rowOf(table, paid.reference)).getByRole('button', { name: /Copy link/ }));
  await waitFor(() => expect(messages()).toEqual(['error: Could not copy link: No receipt.']));
});

test('View receipt opens the receipt URL in a new tab', async () => {
  const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  api((request) => (request.path.endsWith('/receipt') ? { body: { url: 'http://x.test/receipts/tok' } } : undefined));
  const table = await openTable();
  fireEvent.click(within(rowOf(table, paid.reference)).getByRole('button', { name: /View receipt/ }));
  await waitFor(() => expect(tab.location.href).toBe('http://x.test/receipts/tok'));
  expect(open).toHaveBeenCalledWith('', '_blank');
  expect(tab.opener).toBeNull();
});

test('View invoice previews the invoice page 60vh high with print, new-tab and download links', async () => {
  api();
  const table = await openTable();
  fireEvent.click(within(rowOf(table, pending.reference)).getByRole('button', { name: /View invoice/ }));
  const dialog = screen.getByRole('dialog', { name: `Invoice ${pending.reference}` });
  const frame = dialog.querySelector('iframe');
  expect(frame?.getAttribute('src')).toBe(`/receipts/invoice/${pending.reference}`);
  expect(frame?.className).toBe('invoice-frame');
  const href = (name: string) => within(dialog).getByRole('link', { name }).getAttribute('href');
  expect(href('Print / Save PDF')).toBe(`/receipts/invoice/${pending.reference}.pdf`);
  expect(href('Open in new tab')).toBe(`/receipts/invoice/${pending.reference}`);
  expect(href('Download PDF')).toBe(`/receipts/invoice/${pending.reference}.pdf`);
  expect(within(dialog).getByRole('link', { name: 'Download PDF' }).hasAttribute('download')).toBe(true);
  expect(within(dialog).getByRole('link', { name: 'Open in new tab' }).getAttribute('target')).toBe('_blank');
});

test("superadmin: 'Superadmin: read-only', every organisation's payments in one list, an organisation filter, no create or mark-as-paid", async () => {
  $session.set({ status: 'authenticated', user: superadmin });
  const { requests } = api();
  render(<PaymentsScreen />);
  const table = await screen.findByRole('table', { name: 'Payments' });
  expect(screen.getByText('Superadmin: read-only')).toBeTruthy();
  expect(requests.find((r) => r.path === '/api/organisations')?.query).toMatchObject({ all: 'true' });
  expect(requests.find((r) => r.path === '/api/payments')?.query).toEqual({ page: '1', pageSize: '10' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toContain('Organisation');
  expect(within(rowOf(table, pending.reference)).getByText('ACME')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Create Payment' })).toBeNull();
  expect(screen.queryByRole('button', { name: /Mark as paid/ })).toBeNull();
  expect(screen.queryByRole('button', { name: /Copy link|View receipt/ })).toBeNull();
  expect(within(rowOf(table, pending.reference)).getByRole('button', { name: /View invoice/ })).toBeTruthy();
  const picker = await screen.findByLabelText<HTMLSelectElement>('Organisation');
  expect(picker.value).toBe('');
  await waitFor(() =>
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All organisations', 'Acme Pay', 'Kumasi Traders']),
  );
  fireEvent.change(picker, { target: { value: '9' } });
  expect(await screen.findByText('Yaw')).toBeTruthy();
  expect(requests.filter((r) => r.path === '/api/payments').at(-1)?.query).toMatchObject({ organisationId: '9', page: '1' });
  expect(window.location.search).toBe('?organisationId=9');
});

test('superadmin: failures toast the spec texts', async () => {
  $session.set({ status: 'authenticated', user: superadmin });
  api((request) => (request.path === '/api/organisations' ? errorBody(500, 'Internal Server Error', '') : undefined));
  render(<PaymentsScreen />);
  await waitFor(() => expect(messages()).toEqual(['error: Failed to load organisations: Internal Server Error']));
  cleanup();
  clearToasts();
  window.history.replaceState(null, '', '/dashboard/payments?organisationId=7');
  api((request) => (request.path === '/api/payments' ? errorBody(500, 'Internal Server Error', '') : undefined));
  render(<PaymentsScreen />);
  await waitFor(() => expect(messages()).toEqual(['error: Failed to load payments for organisation: Internal Server Error']));
});
