// The payment's wire shape: the routes validate and serialise with these, the services build Static<> values of
// them, the console types its API client with them.
import { Type, type Static } from 'typebox';
import { DatabaseId, DateTime, Email, OrNull } from './common.ts';
import { PageQuery } from './pagination.ts';
import { WebhookDelivery, WebhookDeliveryAttempt } from './webhooks.ts';

export const PaymentAttempt = Type.Object({
  gateway: Type.String(),
  outcome: Type.String(),
  httpStatus: OrNull(Type.Integer()),
  durationMs: Type.Integer(),
  error: OrNull(Type.String()),
  at: DateTime,
});

export const Payment = Type.Object(
  {
    id: Type.String({ description: 'the payment reference' }),
    reference: Type.String(),
    receiptNumber: OrNull(Type.String()),
    amount: Type.String({ description: 'decimal in major units' }),
    amountMinor: Type.Integer(),
    currency: Type.String(),
    status: Type.String({ description: 'Pending, Success, Failed or Cancelled' }),
    customerName: Type.String(),
    customerEmail: Type.String(),
    customerPhone: OrNull(Type.String()),
    description: Type.String(),
    metadata: Type.Unknown(),
    processViaGateway: Type.Boolean(),
    isBankPayment: Type.Boolean(),
    gateway: OrNull(Type.String()),
    providerReference: OrNull(Type.String()),
    date: DateTime,
    createdAt: DateTime,
    paidAt: OrNull(DateTime),
    refundedAmount: Type.String({ description: 'what succeeded refunds sent back, decimal in major units' }),
    refundedAmountMinor: Type.Integer(),
    cancelledAt: OrNull(DateTime),
    cancelReason: OrNull(Type.String({ description: 'why it was cancelled, as the canceller said; null when no reason was given' })),
    needsRefund: Type.Boolean({ description: 'a PSP reported success after the payment was cancelled: the money must go back' }),
    attempts: Type.Optional(Type.Array(PaymentAttempt)),
  },
  { $id: 'Payment' },
);
/** A reference to the registered `Payment` schema (the route plugin adds it once). */
export const PaymentRef = Type.Unsafe<Static<typeof Payment>>(Type.Ref('Payment'));

/** What the gateway said when a payment was started through it. */
export const GatewayInit = Type.Object({
  ok: Type.Boolean(),
  gateway: OrNull(Type.String()),
  provider: OrNull(Type.String()),
  checkoutUrl: OrNull(Type.String()),
  providerReference: OrNull(Type.String()),
  error: OrNull(Type.String()),
});

/** The customer and amount of a new payment: the console and API tokens (POST /payments) and the public checkout. */
export const NewPaymentFields = {
  amount: Type.Union([Type.String({ maxLength: 30 }), Type.Number()], { description: 'decimal in major units, e.g. "12.50"' }),
  currency: Type.Optional(Type.String({ minLength: 3, maxLength: 3, description: "default: the organisation's default currency" })),
  customerName: Type.String({ minLength: 1, maxLength: 200 }),
  customerEmail: Email,
  customerPhone: Type.Optional(Type.String({ maxLength: 40 })),
  description: Type.String({ minLength: 1, maxLength: 500 }),
};

/** Up to 20 text values the organisation keeps with a payment. */
export const PaymentMetadata = Type.Record(Type.String({ maxLength: 50 }), Type.String({ maxLength: 500 }), { maxProperties: 20 });

export const CreatePaymentBody = Type.Object(
  {
    ...NewPaymentFields,
    metadata: Type.Optional(PaymentMetadata),
    processViaGateway: Type.Optional(Type.Boolean()),
    isBankPayment: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const CreatePaymentResponse = Type.Object({
  ...Payment.properties,
  gatewayInit: Type.Optional(GatewayInit),
  bankCheckoutUrl: Type.Optional(Type.String({ description: 'bank payments: the page where the customer chooses a bank' })),
});

export const PaymentStatusFilter = Type.Union([Type.Literal('Pending'), Type.Literal('Success'), Type.Literal('Failed')]);

/** How a payment was made or started, as the list filters it (docs/console.md#payment-channels gives the mapping). */
export const PAYMENT_CHANNELS = ['gateway', 'bank', 'none', 'checkout', 'record-url'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

/** The refund-state filter: `partial` (Partially refunded), `full` (Refunded), `any` (either; docs/refunds.md). */
export const PAYMENT_REFUND_FILTERS = ['partial', 'full', 'any'] as const;
export type PaymentRefundFilter = (typeof PAYMENT_REFUND_FILTERS)[number];

/**
 * The filters of the payments list and its CSV export. Values the schema cannot say enough about (a status list, a
 * currency, amounts in the currency's precision, a channel) are strings the payments service checks, so a bad one is
 * a 400 that names it.
 */
export const PaymentFilterQuery = {
  status: Type.Optional(
    Type.String({
      maxLength: 60,
      description: 'Pending, Success, Failed or Cancelled; several separated by commas (status=Failed,Pending)',
    }),
  ),
  refund: Type.Optional(
    Type.String({
      maxLength: 10,
      description: `refund state: ${PAYMENT_REFUND_FILTERS.join(', ')} (partial: Partially refunded, full: Refunded, any: either)`,
    }),
  ),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'created at or after' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'created before' })),
  search: Type.Optional(Type.String({ maxLength: 200, description: 'reference, customer name or e-mail' })),
  gatewayId: Type.Optional(DatabaseId({ description: 'the gateway the payment went through' })),
  currency: Type.Optional(Type.String({ maxLength: 3, description: 'ISO 4217 code, e.g. GHS' })),
  amountMin: Type.Optional(Type.String({ maxLength: 30, description: 'at least this amount, in major units ("1000.00"); needs currency' })),
  amountMax: Type.Optional(Type.String({ maxLength: 30, description: 'at most this amount, in major units ("2500.50"); needs currency' })),
  channel: Type.Optional(Type.String({ maxLength: 20, description: `how the payment was made: ${PAYMENT_CHANNELS.join(', ')}` })),
  customer: Type.Optional(Type.String({ maxLength: 200, description: "customer's name or e-mail (part of it)" })),
  organisationId: Type.Optional(
    DatabaseId({ description: 'superadmin only: one organisation (without it, every organisation); 400 for anyone else' }),
  ),
};

export const PaymentListQuery = Type.Object(
  {
    ...PageQuery,
    ...PaymentFilterQuery,
    after: Type.Optional(
      Type.String({ maxLength: 100, description: 'keyset cursor: the `next` of the previous page (instead of page, for deep pages)' }),
    ),
  },
  { additionalProperties: false },
);

export const PaymentExportQuery = Type.Object(PaymentFilterQuery, { additionalProperties: false });

/** Past this many matches a list's counted total stops counting: `totalCapped` and total = the cap. */
export const PAYMENT_TOTAL_CAP = 1000;

/** A listed payment: the payment, and its organisation's code (useful in a superadmin's list of every organisation). */
export const ListedPayment = Type.Object({ ...Payment.properties, organisationCode: Type.String() });

export const PaymentList = Type.Object({
  items: Type.Array(ListedPayment),
  total: Type.Integer({ description: `exact, or ${PAYMENT_TOTAL_CAP} when totalCapped` }),
  totalCapped: Type.Boolean({ description: `more than ${PAYMENT_TOTAL_CAP} payments match (total is the cap)` }),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  next: OrNull(Type.String({ description: 'cursor of the page after this one (pass as after), null on the last page' })),
});

export const PaymentMessage = Type.Object({
  id: Type.Integer(),
  to: Type.String(),
  subject: Type.String(),
  body: Type.String({ description: 'the text sent, with the invoice or receipt link appended' }),
  status: Type.String({ description: 'sent, logged (no SMTP configured), failed or pending' }),
  error: OrNull(Type.String()),
  createdAt: DateTime,
  sentAt: OrNull(DateTime),
});

export const PaymentMessageBody = Type.Object(
  { subject: Type.String({ minLength: 1, maxLength: 200 }), body: Type.String({ minLength: 1, maxLength: 5000 }) },
  { additionalProperties: false },
);

export const PaymentReferenceParams = Type.Object({
  id: Type.String({ pattern: '^PAY-[0-9A-Z]{16}$', description: 'payment reference' }),
});

/** A client's key that makes a retried create answer with the first outcome. */
export const IdempotencyHeaders = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ maxLength: 200 })) });

export const PaymentMessageList = Type.Array(PaymentMessage);

// ── The payment detail page's timeline (GET /payments/{reference}/timeline) ──────────────────────────────────────

/** One status change of a payment, with its cause in words. */
export const PaymentHistoryEntry = Type.Object({
  at: DateTime,
  fromStatus: OrNull(Type.String()),
  toStatus: Type.String(),
  cause: Type.String({ description: 'created, checkout, webhook, verify, mark-paid, record-url or reconcile' }),
  causeText: Type.String({ description: "the cause in words, e.g. 'Mark as paid by Ama Mensah'" }),
  actor: OrNull(Type.Object({ id: Type.Integer(), name: OrNull(Type.String()) })),
});

/** A PSP callback received for the payment. */
export const PaymentCallback = Type.Object({
  id: Type.Integer(),
  at: DateTime,
  provider: Type.String(),
  status: Type.String({ description: 'accepted, duplicate, ignored or rejected' }),
  signatureValid: OrNull(Type.Boolean()),
  httpStatus: Type.Integer(),
  message: OrNull(Type.String()),
});

/** An outbound webhook delivery of one of the payment's events, with every attempt. */
export const PaymentDelivery = Type.Object({
  ...WebhookDelivery.properties,
  channel: Type.String({ description: 'callback or notifier' }),
  attempts: Type.Array(WebhookDeliveryAttempt),
});

export const PaymentTimeline = Type.Object({
  payment: PaymentRef,
  organisation: Type.Object({ id: Type.Integer(), name: Type.String(), code: Type.String() }),
  history: Type.Array(PaymentHistoryEntry),
  callbacks: Type.Array(PaymentCallback),
  deliveries: Type.Array(PaymentDelivery),
  messages: Type.Array(PaymentMessage),
  invoiceUrl: Type.String(),
  receiptUrl: OrNull(Type.String()),
});
