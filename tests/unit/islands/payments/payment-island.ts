// What the payment islands' tests share: the two signed-in users, a payment and a refund as the server sends them,
// the session and stubs set up and torn down around each test, and the toasts as text.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { Payment } from '../../../../src/lib/api/payments.ts';
import type { Refund } from '../../../../src/lib/api/refunds.ts';
import type { User } from '../../../../src/lib/api/types.ts';
import { $session } from '../../../../src/lib/stores/session.ts';
import { $toasts, clearToasts } from '../../../../src/lib/stores/toasts.ts';

export const orgadmin: User = {
  id: 2,
  name: 'Esi',
  email: 'esi@acme.test',
  role: 'orgadmin',
  avatar: null,
  orgId: 7,
  organisation: { id: 7, name: 'Acme Pay' },
};
export const superadmin: User = { ...orgadmin, id: 1, role: 'superadmin', orgId: null, organisation: null };

const stamp = '2026-11-27T10:00:00.000Z';

/** A Pending GHS 12.50 payment of Kofi Mensah, with `changes`. */
export function paymentOf(reference: string, changes: Partial<Payment> = {}): Payment {
  return {
    id: reference,
    reference,
    receiptNumber: null,
    amount: '12.50',
    amountMinor: 1250,
    currency: 'GHS',
    status: 'Pending',
    customerName: 'Kofi Mensah',
    customerEmail: 'kofi@example.test',
    customerPhone: null,
    description: 'Invoice 42',
    metadata: null,
    processViaGateway: false,
    isBankPayment: false,
    gateway: null,
    providerReference: null,
    date: stamp,
    createdAt: stamp,
    paidAt: null,
    refundedAmount: '0.00',
    refundedAmountMinor: 0,
    cancelledAt: null,
    cancelReason: null,
    needsRefund: false,
    ...changes,
  };
}

/** A refund of `paymentReference` as the server sends it: Succeeded with a credit note unless `changes` say otherwise. */
export function refundOf(reference: string, paymentReference: string, changes: Partial<Refund> = {}): Refund {
  return {
    id: reference,
    reference,
    paymentReference,
    amount: '10.00',
    amountMinor: 1000,
    currency: 'GHS',
    status: 'Succeeded',
    method: 'gateway',
    reason: 'Damaged on arrival',
    requestedBy: 'Esi',
    providerReference: 'SBX-R1',
    failureReason: null,
    creditNoteNumber: 'CN-ACME-000001',
    createdAt: stamp,
    completedAt: stamp,
    ...changes,
  };
}

/**
 * Signs `user` in (the orgadmin by default) at `path` before each test, silences the API client's error log, and
 * clears everything after.
 */
export function usePaymentIslandSession(path: string, user: () => User = () => orgadmin): void {
  beforeEach(() => {
    window.history.replaceState(null, '', path);
    $session.set({ status: 'authenticated', user: user() });
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    clearToasts();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    $session.set({ status: 'loading', user: null });
  });
}

/** The toasts shown, each as "type: title: message". */
export const toastMessages = () => $toasts.get().map((toast) => [toast.type, toast.title, toast.message].filter(Boolean).join(': '));
