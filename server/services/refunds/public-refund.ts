import type { Static } from 'typebox';
import { fromMinorUnits } from '../../../isomorphic/money.ts';
import type { Refund, RefundMethod, RefundStatus } from '../../../isomorphic/schemas/refunds.ts';
import type { RefundView } from './refunds-repository.ts';

/** The refund as the API and the refund events show it (isomorphic/schemas/refunds.ts). */
export type PublicRefund = Static<typeof Refund>;

/** A refund's wire shape: reference as id, decimal amount plus minor units, the asking user's name. */
export function toPublicRefund(row: RefundView, baseUnit: number): PublicRefund {
  return {
    id: row.reference,
    reference: row.reference,
    paymentReference: row.paymentReference,
    amount: fromMinorUnits(row.amountMinor, baseUnit),
    amountMinor: row.amountMinor,
    currency: row.currency,
    status: row.status as RefundStatus,
    method: row.method as RefundMethod,
    reason: row.reason,
    requestedBy: row.requestedByName,
    providerReference: row.providerReference,
    failureReason: row.failureReason,
    creditNoteNumber: row.creditNoteNumber,
    createdAt: row.createdAt,
    completedAt: row.completedAt,
  };
}
