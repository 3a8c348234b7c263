// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import PaymentDetailScreen from '../../../../src/islands/payments/PaymentDetailScreen.tsx';
import type { PaymentTimeline } from '../../../../src/lib/api/payment-timeline.ts';
import { $session } from '../../../../src/lib/stores/session.ts';
import { $toasts } from '../../../../src/lib/stores/toasts.ts';
import { errorBody, routeFetch } from '../../support/fetch-routes.ts';
import { paymentOf, superadmin, usePaymentIslandSession } from './payment-island.ts';

const REFERENCE = 'PAY-0A1B2C3D4E5F6G7H';
const timeline: PaymentTimeline = {
  payment: paymentOf(REFERENCE, {
    receiptNumber: 'ACME-1',
    amount: '40.00',
    amountMinor: 4000,
    status: 'Success',
    customerName: 'Kwame Boateng',
    customerEmail: 'kwame@example.com',
    description: 'Order 77',
    metadata: { till: '4' },
    processViaGateway: true,
    gateway: 'Sandbox',
    providerReference: 'SBX-1',
    paidAt: '2026-11-27T10:01:00.000Z',
    attempts: [{ gateway: 'Sandbox', outcome: 'ok', httpStatus: 200, durationMs: 85, error: null, at: '2026-11-27T10:00:00.100Z' }],
  }),
  organisation: { id: 7, name: 'Acme Pay', code: 'ACME' },
  history: [
    {
      at: '2026-11-27T10:00:00.000Z',
      fromStatus: null,
      toStatus: 'Pending',
      cause: 'created',
      causeText: 'Created in the console by Esi',
      actor: { id: 2, name: 'Esi' },
    },
    {
      at: '2026-11-27T10:01:00.000Z',
      fromStatus: 'Pending',
      toStatus: 'Success',
      cause: 'webhook',
      causeText: 'PSP callback',
      actor: null,
    },
  ],
  callbacks: [
    {
      id: 6,
      at: '2026-11-27T10:00:30.000Z',
      provider: 'sandbox',
      status: 'rejected',
      signatureValid: false,
      httpStatus: 401,
      message: 'Invalid signature.',
    },
  ],
  deliveries: [
    {
      id: 3,
      timestamp: '2026-11-27T10:01:00.000Z',
      event: 'payment.succeeded',
      eventId: 'msg_1',
      url: 'https://merchant.example/hooks',
      status: 'Failed',
      attempt: 1,
      responseCode: 500,
      nextAttemptAt: null,
      error: 'HTTP 500',
      channel: 'callback',
      attempts: [
        { attempt: 1, startedAt: '2026-11-27T10:01:01.000Z', durationMs: 40, statusCode: 500, responseExcerpt: 'boom', error: null },
      ],
    },
  ],
  messages: [],
  invoiceUrl: `http://payrail.test/receipts/invoice/${REFERENCE}`,
  receiptUrl: 'http://payrail.test/receipts/tok',
};

usePaymentIslandSession(`/dashboard/payments/${REFERENCE}`);

const toastTexts = () => $toasts.get().map((toast) => toast.message);

test('shows the payment, its timeline and its deliveries, and resends a delivery in the caller’s organisation', async () => {
  const { requests } = routeFetch((request) => {
    if (request.path === `/api/payments/${REFERENCE}/timeline`) return { body: timeline };
    if (request.path === '/api/organisations/my-organisation/webhook-deliveries/3/resend')
      return { status: 202, body: timeline.deliveries[0] };
    return undefined;
  });
  render(<PaymentDetailScreen />);
  expect(await screen.findByRole('heading', { level: 1, name: `Payment ${REFERENCE}` })).toBeTruthy();
  const facts = screen.getByRole('region', { name: 'Payment' });
  expect(within(facts).getByText('Kwame Boateng')).toBeTruthy();
  expect(within(facts).getByText('Metadata: till')).toBeTruthy();
  expect(within(facts).queryByText('Organisation')).toBeNull();
  expect(within(facts).getByRole('link', { name: 'Receipt' }).getAttribute('href')).toBe(timeline.receiptUrl);
  const story = within(screen.getByRole('region', { name: 'Timeline' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
  expect(story).toEqual([
    expect.stringContaining('Created in the console by Esi'),
    expect.stringContaining('Sandbox: ok (HTTP 200) in 85 ms'),
    expect.stringContaining('sandbox: rejected (HTTP 401)Invalid signature.'),
    expect.stringContaining('PSP callback'),
    expect.stringContaining('payment.succeeded to the callback URL, attempt 1: HTTP 500 in 40 ms'),
  ]);
  const deliveries = screen.getByRole('region', { name: 'Webhook deliveries' });
  fireEvent.click(within(deliveries).getByRole('button', { name: 'Resend payment.succeeded' }));
  await waitFor(() => expect(toastTexts()).toContain('Delivery queued again.'));
  expect(requests.filter((request) => request.path.endsWith('/timeline'))).toHaveLength(2);
});

test('a superadmin sees the organisation and resends through it', async () => {
  $session.set({ status: 'authenticated', user: superadmin });
  const { requests } = routeFetch((request) => {
    if (request.path === `/api/payments/${REFERENCE}/timeline`) return { body: timeline };
    if (request.path === '/api/organisations/7/webhook-deliveries/3/resend') return { status: 202, body: timeline.deliveries[0] };
    return undefined;
  });
  render(<PaymentDetailScreen />);
  const facts = await screen.findByRole('region', { name: 'Payment' });
  expect(within(facts).getByText('Acme Pay (ACME)')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Resend payment.succeeded' }));
  await waitFor(() => expect(toastTexts()).toContain('Delivery queued again.'));
  expect(requests.some((request) => request.method === 'POST' && request.path === '/api/organisations/7/webhook-deliveries/3/resend')).toBe(
    true,
  );
});

test('a reference the caller cannot see is "Payment not found."', async () => {
  routeFetch(() => errorBody(404, 'Not Found', 'Payment not found.'));
  render(<PaymentDetailScreen />);
  expect(await screen.findByText('Payment not found.')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'All Payments' }).getAttribute('href')).toBe('/dashboard/payments');
});
