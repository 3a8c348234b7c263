// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import PaymentsScreen from '../../../../src/islands/payments/PaymentsScreen.tsx';
import type { Payment } from '../../../../src/lib/api/payments.ts';
import { $session } from '../../../../src/lib/stores/session.ts';
import { listOf, routeFetch, type RoutedRequest, type RoutedResponse } from '../../support/fetch-routes.ts';
import { paymentOf, refundOf, superadmin, toastMessages, usePaymentIslandSession } from './payment-island.ts';

usePaymentIslandSession('/dashboard/payments');

const pending = paymentOf('PAY-0000000000000001', { customerName: 'Kwame Boateng' });
const partly = paymentOf('PAY-0000000000000002', {
  status: 'Success',
  amount: '100.00',
  amountMinor: 10000,
  refundedAmount: '75.00',
  refundedAmountMinor: 7500,
  customerName: 'Ama Owusu',
});
const refunded = paymentOf('PAY-0000000000000003', { status: 'Success', refundedAmount: '12.50', refundedAmountMinor: 1250 });
const cancelled = paymentOf('PAY-0000000000000004', { status: 'Cancelled', cancelledAt: '2026-11-27T10:30:00.000Z' });

function serve(rows: Payment[], override: (request: RoutedRequest) => RoutedResponse | undefined = () => undefined) {
  return routeFetch((request) => {
    const special = override(request);
    if (special) return special;
    if (request.path === '/api/payments' && request.method === 'GET') return { body: { ...listOf(rows), totalCapped: false, next: null } };
    return undefined;
  });
}

const rowOf = (reference: string) => screen.getByRole('link', { name: reference }).closest('tr') as HTMLElement;
const buttonNames = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('button')
    .map((button) => button.textContent?.replace(/ PAY-\w+$/, ''));

test('the status column shows the refund state beside Success and Cancelled in its own style; each row offers what fits', async () => {
  serve([pending, partly, refunded, cancelled]);
  render(<PaymentsScreen />);
  await screen.findByRole('table', { name: 'Payments' });
  expect(within(rowOf(partly.reference)).getByText('Partially refunded').className).toBe('badge badge--accent');
  expect(within(rowOf(refunded.reference)).getByText('Refunded')).toBeTruthy();
  expect(within(rowOf(pending.reference)).queryByText(/refunded/)).toBeNull();
  expect(within(rowOf(cancelled.reference)).getByText('Cancelled').className).toBe('badge badge--danger badge--cancelled');
  expect(buttonNames(rowOf(pending.reference))).toEqual(['Send', 'View invoice', 'Mark as paid', 'Cancel']);
  expect(buttonNames(rowOf(partly.reference))).toEqual(['Send', 'View receipt', 'Copy link', 'Refund']);
  expect(buttonNames(rowOf(refunded.reference))).toEqual(['Send', 'View receipt', 'Copy link']);
  expect(buttonNames(rowOf(cancelled.reference))).toEqual(['Send', 'View invoice']);
  expect(screen.getByRole('checkbox', { name: 'Cancelled' })).toBeTruthy();
  // Refund and Cancel sit in the row's menu; a row with neither has no menu.
  expect(within(rowOf(partly.reference)).getByLabelText(`More actions for ${partly.reference}`).tagName).toBe('SUMMARY');
  expect(within(rowOf(refunded.reference)).queryByLabelText(/More actions/)).toBeNull();
});

test('the status filter asks the server for Cancelled payments', async () => {
  const { requests } = serve([cancelled]);
  render(<PaymentsScreen />);
  await screen.findByRole('table', { name: 'Payments' });
  fireEvent.click(screen.getByRole('checkbox', { name: 'Cancelled' }));
  await waitFor(() => expect(requests.filter((request) => request.path === '/api/payments').at(-1)?.query['status']).toBe('Cancelled'));
  expect(window.location.search).toContain('status=Cancelled');
});

test("a row's Refund opens the same dialog with what is left, and refunds", async () => {
  const { requests } = serve([partly], (request) =>
    request.method === 'POST'
      ? { status: 201, body: refundOf('RF-00000000000000C1', partly.reference, { amount: '25.00', amountMinor: 2500, method: 'external' }) }
      : undefined,
  );
  render(<PaymentsScreen />);
  await screen.findByRole('table', { name: 'Payments' });
  fireEvent.click(within(rowOf(partly.reference)).getByRole('button', { name: `Refund ${partly.reference}` }));
  const dialog = await screen.findByRole('dialog', { name: `Refund ${partly.reference}` });
  expect(within(dialog).getByLabelText<HTMLInputElement>(/Amount/).value).toBe('25.00');
  fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Goodwill' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  expect(await within(dialog).findByText('Refund 25.00 GHS to Ama Owusu?')).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
  await waitFor(() => expect(toastMessages()).toContain('success: Refunded 25.00 GHS.'));
  const post = requests.find((request) => request.method === 'POST');
  expect(post).toMatchObject({ path: `/api/payments/${partly.reference}/refunds`, body: { amount: '25.00', reason: 'Goodwill' } });
  expect(post?.headers?.['idempotency-key']).toMatch(/^console-/);
  await waitFor(() => expect(requests.filter((request) => request.path === '/api/payments')).toHaveLength(2));
});

test("a row's Cancel asks with the amount and the customer; a refusal shows the server's reason", async () => {
  serve([pending], (request) =>
    request.method === 'POST'
      ? { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'Only a pending payment can be cancelled.' } }
      : undefined,
  );
  render(<PaymentsScreen />);
  await screen.findByRole('table', { name: 'Payments' });
  fireEvent.click(within(rowOf(pending.reference)).getByRole('button', { name: `Cancel ${pending.reference}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel payment' });
  expect(dialog.textContent).toContain(`Cancel payment ${pending.reference} of 12.50 GHS from Kwame Boateng?`);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel payment' }));
  await waitFor(() => expect(toastMessages()).toContain('error: Failed to cancel payment.: Only a pending payment can be cancelled.'));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

test('a superadmin sees the refund state but no Refund or Cancel', async () => {
  $session.set({ status: 'authenticated', user: superadmin });
  serve([pending, partly]);
  render(<PaymentsScreen />);
  await screen.findByRole('table', { name: 'Payments' });
  expect(within(rowOf(partly.reference)).getByText('Partially refunded')).toBeTruthy();
  expect(screen.queryByRole('button', { name: /^Refund/ })).toBeNull();
  expect(screen.queryByRole('button', { name: /^Cancel/ })).toBeNull();
});
