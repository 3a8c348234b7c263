// Refunds and cancellations on the wire (docs/refunds.md): the routes validate and serialise with these, the console
// types its API client with them. Runs everywhere.
import { Type, type Static } from 'typebox';
import { DateTime, OrNull, StringEnum } from './common.ts';

export const REFUND_STATUSES = ['Pending', 'Succeeded', 'Failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** `gateway`: sent through the payment's gateway (its adapter's `refund` operation); `external`: recorded as refunded outside Payrail. */
export const REFUND_METHODS = ['gateway', 'external'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const Refund = Type.Object(
  {
    id: Type.String({ description: 'the refund reference' }),
    reference: Type.String(),
    paymentReference: Type.String(),
    amount: Type.String({ description: 'decimal in major units' }),
    amountMinor: Type.Integer(),
    currency: Type.String(),
    status: StringEnum(REFUND_STATUSES),
    method: StringEnum(REFUND_METHODS),
    reason: Type.String(),
    requestedBy: OrNull(Type.String({ description: "the console user's name; null when the organisation's API token asked" })),
    providerReference: OrNull(Type.String()),
    failureReason: OrNull(Type.String()),
    creditNoteNumber: OrNull(Type.String({ description: 'the credit note number, once the refund succeeded' })),
    createdAt: DateTime,
    completedAt: OrNull(DateTime),
  },
  { $id: 'Refund' },
);
/** A reference to the registered `Refund` schema (the route plugin adds it once). */
export const RefundRef = Type.Unsafe<Static<typeof Refund>>(Type.Ref('Refund'));

export const RefundList = Type.Object({ items: Type.Array(RefundRef) });

/** POST /payments/{reference}/refunds. Without an amount, everything still refundable is refunded. */
export const CreateRefundBody = Type.Object(
  {
    amount: Type.Optional(
      Type.Union([Type.String({ maxLength: 30 }), Type.Number()], {
        description: 'decimal in major units, e.g. "12.50"; default: all that is still refundable',
      }),
    ),
    reason: Type.String({ minLength: 1, maxLength: 500 }),
  },
  { additionalProperties: false },
);

/** POST /payments/{reference}/cancel. */
export const CancelPaymentBody = Type.Object({ reason: Type.Optional(Type.String({ maxLength: 500 })) }, { additionalProperties: false });

/** GET /refunds/{reference}/credit-note. */
export const RefundReferenceParams = Type.Object({
  reference: Type.String({ pattern: '^RF-[0-9A-Z]{16}$', description: 'refund reference' }),
});
