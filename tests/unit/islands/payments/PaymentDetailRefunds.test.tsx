// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import PaymentDetailScreen from '../../../../src/islands/payments/PaymentDetailScreen.tsx';
import type { PaymentTimeline } from '../../../../src/lib/api/payment-timeline.ts';
import type { Payment } from '../../../../src/lib/api/payments.ts';
import type { Refund } from '../../../../src/lib/api/refunds.ts';
import { $session } from '../../../../src/lib/stores/session.ts';
import { errorBody, routeFetch, type RoutedRequest, type RoutedResponse } from '../../support/fetch-routes.ts';
import { paymentOf, refundOf, superadmin, toastMessages, usePaymentIslandSession } from './payment-island.ts';

const REFERENCE = 'PAY-0A1B2C3D4E5F6G7H';
usePaymentIslandSession(`/dashboard/payments/${REFERENCE}`);

/** A GHS 100.00 Success payment of Kwame Boateng with GHS 10.00 refunded. */
const paid = paymentOf(REFERENCE, {
  status: 'Success',
  amount: '100.00',
  amountMinor: 10000,
  customerName: 'Kwame Boateng',
  receiptNumber: 'ACME-1',
  refundedAmount: '10.00',
  refundedAmountMinor: 1000,
});
const succeeded = refundOf('RF-00000000000000A1', REFERENCE);
const pendingRefund = refundOf('RF-00000000000000A2', REFERENCE, {
  status: 'Pending',
  amount: '5.00',
  amountMinor: 500,
  creditNoteNumber: null,
  completedAt: null,
  requestedBy: null,
});
const failedRefund = refundOf('RF-00000000000000A3', REFERENCE, {
  status: 'Failed',
  amount: '0.13',
  amountMinor: 13,
  creditNoteNumber: null,
  failureReason: 'Sandbox: refund declined (magic amount ending in .13)',
});

const timelineOf = (payment: Payment): PaymentTimeline => ({
  payment,
  organisation: { id: 7, name: 'Acme Pay', code: 'ACME' },
  history: [],
  callbacks: [],
  deliveries: [],
  messages: [],
  invoiceUrl: `http://payrail.test/receipts/invoice/${REFERENCE}`,
  receiptUrl: payment.status === 'Success' ? 'http://payrail.test/receipts/tok' : null,
});

/** The detail page's API for `payment` and its `refunds`; `override` answers first. */
function serve(payment: Payment, refunds: Refund[], override: (request: RoutedRequest) => RoutedResponse | undefined = () => undefined) {
  return routeFetch((request) => {
    const special = override(request);
    if (special) return special;
    if (request.path === `/api/payments/${REFERENCE}/timeline`) return { body: timelineOf(payment) };
    if (request.path === `/api/payments/${REFERENCE}/refunds` && request.method === 'GET') return { body: { items: refunds } };
    return undefined;
  });
}

async function openPage() {
  render(<PaymentDetailScreen />);
  return screen.findByRole('heading', { level: 1, name: `Payment ${REFERENCE}` });
}

test('shows "Partially refunded" beside Success, the refunded amount, and every refund with its credit note', async () => {
  const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
  vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  serve(paid, [pendingRefund, failedRefund, succeeded], (request) =>
    request.path === `/api/refunds/${succeeded.reference}/credit-note`
      ? { body: { url: 'http://payrail.test/credit-notes/cn-tok' } }
      : undefined,
  );
  await openPage();
  const facts = screen.getByRole('region', { name: 'Payment' });
  expect(within(facts).getByText('Success').className).toBe('badge badge--success');
  expect(within(facts).getByText('Partially refunded')).toBeTruthy();
  expect(within(facts).getByText('GH₵10.00')).toBeTruthy();

  const history = await screen.findByRole('region', { name: 'Refunds' });
  const entries = within(history)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
  expect(entries).toEqual([
    expect.stringMatching(/^GH₵5\.00Pending.*API token/),
    expect.stringMatching(/^GH₵0\.13Failed.*Esi.*Sandbox: refund declined \(magic amount ending in \.13\)/),
    expect.stringMatching(/^GH₵10\.00SucceededCredit note CN-ACME-000001Damaged on arrivalEsi/),
  ]);
  fireEvent.click(within(history).getByRole('button', { name: 'Credit note CN-ACME-000001' }));
  await waitFor(() => expect(tab.location.href).toBe('http://payrail.test/credit-notes/cn-tok'));
  expect(tab.opener).toBeNull();
});

test('Refund: the remainder by default, a required reason, a confirmation naming amount and customer, then one keyed POST', async () => {
  let refunds = [succeeded, pendingRefund];
  let answer: RoutedResponse = errorBody(503, 'Service Unavailable', 'The database is busy.');
  const { requests } = serve(paid, refunds, (request) => {
    if (request.method === 'POST' && request.path === `/api/payments/${REFERENCE}/refunds`) return answer;
    if (request.path === `/api/payments/${REFERENCE}/refunds`) return { body: { items: refunds } };
    return undefined;
  });
  await openPage();
  await screen.findByRole('region', { name: 'Refunds' });
  fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
  const dialog = await screen.findByRole('dialog', { name: `Refund ${REFERENCE}` });
  // GHS 100.00 less 10.00 succeeded and 5.00 pending.
  const amount = within(dialog).getByLabelText<HTMLInputElement>(/Amount/);
  expect(amount.value).toBe('85.00');
  expect(within(dialog).getByText('Up to 85.00 GHS is still refundable.')).toBeTruthy();

  fireEvent.change(amount, { target: { value: '85.01' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  expect(await within(dialog).findByText('The amount is more than the 85.00 GHS still refundable.')).toBeTruthy();
  expect(within(dialog).getByText('Reason is required.')).toBeTruthy();

  fireEvent.change(amount, { target: { value: '25' } });
  fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: '  Wrong size  ' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  expect(await within(dialog).findByText('Refund 25.00 GHS to Kwame Boateng?')).toBeTruthy();
  expect(requests.some((request) => request.method === 'POST')).toBe(false);

  // The first try fails: the same request is sent again with the same key, so it can never refund twice.
  fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
  await waitFor(() => expect(toastMessages()).toContain('error: Failed to refund payment.: The database is busy.'));
  const created = refundOf('RF-00000000000000A4', REFERENCE, {
    status: 'Pending',
    amount: '25.00',
    amountMinor: 2500,
    creditNoteNumber: null,
  });
  answer = { status: 201, body: created };
  refunds = [created, ...refunds];
  fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
  await waitFor(() =>
    expect(toastMessages()).toContain('success: Refund of 25.00 GHS requested. It completes when the payment service confirms it.'),
  );
  const posts = requests.filter((request) => request.method === 'POST');
  expect(posts.map((post) => post.body)).toEqual([
    { amount: '25.00', reason: 'Wrong size' },
    { amount: '25.00', reason: 'Wrong size' },
  ]);
  const [firstKey, secondKey] = posts.map((post) => post.headers?.['idempotency-key']);
  expect(firstKey).toMatch(/^console-[0-9a-f]{32}$/);
  expect(secondKey).toBe(firstKey);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  // The page reads the payment and its refunds again.
  await waitFor(() => expect(within(screen.getByRole('region', { name: 'Refunds' })).getAllByRole('listitem')).toHaveLength(3));
  expect(requests.filter((request) => request.path.endsWith('/timeline'))).toHaveLength(2);
});

test('a changed form is a new request with a new Idempotency-Key', async () => {
  const { requests } = serve(paid, [], (request) =>
    request.method === 'POST' ? errorBody(409, 'Conflict', 'The amount is more than the 90.00 GHS still refundable.') : undefined,
  );
  await openPage();
  fireEvent.click(await screen.findByRole('button', { name: 'Refund' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Duplicate charge' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  expect(await within(dialog).findByText('Refund 90.00 GHS to Kwame Boateng?')).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
  await waitFor(() =>
    expect(toastMessages()).toContain('error: Failed to refund payment.: The amount is more than the 90.00 GHS still refundable.'),
  );
  fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
  fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '40' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  fireEvent.click(await within(dialog).findByRole('button', { name: 'Refund' }));
  await waitFor(() => expect(requests.filter((request) => request.method === 'POST')).toHaveLength(2));
  const [first, second] = requests.filter((request) => request.method === 'POST');
  expect(second?.body).toEqual({ amount: '40.00', reason: 'Duplicate charge' });
  expect(second?.headers?.['idempotency-key']).not.toBe(first?.headers?.['idempotency-key']);
});

test('Cancel asks with the amount and the customer, then cancels a Pending payment', async () => {
  const pending = paymentOf(REFERENCE, { amount: '40.00', amountMinor: 4000, customerName: 'Kwame Boateng' });
  let current = pending;
  const { requests } = serve(pending, [], (request) => {
    if (request.path === `/api/payments/${REFERENCE}/timeline`) return { body: timelineOf(current) };
    if (request.method === 'POST' && request.path === `/api/payments/${REFERENCE}/cancel`) {
      current = { ...pending, status: 'Cancelled', cancelledAt: '2026-11-27T10:30:00.000Z' };
      return { body: current };
    }
    return undefined;
  });
  await openPage();
  expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  expect(screen.queryByRole('region', { name: 'Refunds' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Cancel payment' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel payment' });
  expect(
    within(dialog).getByText(
      `Cancel payment ${REFERENCE} of 40.00 GHS from Kwame Boateng? Its checkout links stop working and this cannot be undone.`,
    ),
  ).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel payment' }));
  await waitFor(() => expect(toastMessages()).toContain('success: Payment cancelled.'));
  const facts = screen.getByRole('region', { name: 'Payment' });
  await waitFor(() =>
    expect(within(facts).getByText('Cancelled', { selector: '.badge' }).className).toBe('badge badge--danger badge--cancelled'),
  );
  expect(requests.find((request) => request.method === 'POST')?.body).toEqual({});
  expect(screen.queryByRole('button', { name: 'Cancel payment' })).toBeNull();
});

test('a payment charged after its cancel shows the needs-refund warning', async () => {
  serve(paymentOf(REFERENCE, { status: 'Cancelled', cancelledAt: '2026-11-27T10:30:00.000Z', needsRefund: true }), []);
  await openPage();
  expect(screen.getByRole('alert').textContent).toContain('Needs a refund.');
  expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Cancel payment' })).toBeNull();
  expect(await screen.findByText('No refunds for this payment.')).toBeTruthy();
});

test('a superadmin reads the refunds but gets neither Refund nor Cancel', async () => {
  $session.set({ status: 'authenticated', user: superadmin });
  serve(paid, [succeeded]);
  await openPage();
  expect(await screen.findByRole('button', { name: 'Credit note CN-ACME-000001' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Cancel payment' })).toBeNull();
});

test('a fully refunded payment says "Refunded" and offers no Refund', async () => {
  serve({ ...paid, refundedAmount: '100.00', refundedAmountMinor: 10000 }, [
    refundOf('RF-00000000000000B1', REFERENCE, { amount: '100.00', amountMinor: 10000 }),
  ]);
  await openPage();
  expect(within(screen.getByRole('region', { name: 'Payment' })).getByText('Refunded', { selector: '.badge' })).toBeTruthy();
  await screen.findByRole('button', { name: 'Credit note CN-ACME-000001' });
  expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
});
