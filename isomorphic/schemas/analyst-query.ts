import { Type, type Static } from 'typebox';
import { PAYMENT_REFUND_FILTERS } from './payments.ts';

// The one structured form a question becomes, whoever reads it (the embedded engine or a language model). It names
// no organisation and no SQL: the organisation scope comes from the caller, and only this module's fields reach SQL,
// always as parameters.

const Timestamp = Type.String({ format: 'date-time' });
const CurrencyCode = Type.String({ pattern: '^[A-Z]{3}$' });
const Decimal = Type.String({ pattern: '^\\d{1,13}(\\.\\d{1,4})?$', description: 'amount in major units, e.g. "100" or "12.50"' });

export const STATUSES = ['Pending', 'Success', 'Failed', 'Cancelled'] as const;
export const METRICS = ['list', 'count', 'total', 'average', 'min', 'max', 'rate', 'customers', 'refunded', 'net'] as const;
export const GROUPS = ['none', 'status', 'gateway', 'day', 'week', 'month', 'currency', 'customer', 'organisation'] as const;
export const RANKS = ['most', 'least'] as const;
export const SORTS = ['newest', 'oldest', 'largest', 'smallest'] as const;
export const MAX_LIMIT = 500;

export const AnalystQuerySchema = Type.Object(
  {
    metric: Type.Enum(METRICS, {
      description:
        'list the payments; count / total / average / min / max of their amounts; rate = the share (by count) of the payments with a rateOf status; customers = how many different customers; refunded = the sum of what succeeded refunds sent back on the payments; net = the sum of amount minus refunded (net volume)',
    }),
    groupBy: Type.Enum(GROUPS, { description: 'breakdown (organisation: superadmin only); with rank = which one had the most/least' }),
    rank: Type.Optional(Type.Enum(RANKS, { description: 'order the groups by their count or total; limit = how many (default 1)' })),
    rateOf: Type.Optional(
      Type.Array(Type.Enum(STATUSES), { minItems: 1, maxItems: 2, uniqueItems: true, description: 'metric rate: the statuses counted' }),
    ),
    compare: Type.Optional(
      Type.Object(
        { from: Type.Optional(Timestamp), to: Type.Optional(Timestamp) },
        {
          additionalProperties: false,
          description: 'a second period to compare with (count, total, average or customers); answers both and the change',
        },
      ),
    ),
    status: Type.Optional(Type.Array(Type.Enum(STATUSES), { minItems: 1, maxItems: STATUSES.length, uniqueItems: true })),
    from: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'payment created at or after (inclusive); refunded amounts count by the date of their payment',
      }),
    ),
    to: Type.Optional(Type.String({ format: 'date-time', description: 'payment created before (exclusive)' })),
    amount: Type.Optional(
      Type.Object(
        {
          gt: Type.Optional(Decimal),
          gte: Type.Optional(Decimal),
          lt: Type.Optional(Decimal),
          lte: Type.Optional(Decimal),
          eq: Type.Optional(Decimal),
        },
        { additionalProperties: false, minProperties: 1 },
      ),
    ),
    customer: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'part of the customer name or e-mail' })),
    gateway: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'part of the gateway or provider name' })),
    currency: Type.Optional(
      Type.Union([CurrencyCode, Type.Array(CurrencyCode, { minItems: 1, maxItems: 6, uniqueItems: true })], {
        description: 'one or several codes',
      }),
    ),
    refund: Type.Optional(
      Type.Enum(PAYMENT_REFUND_FILTERS, {
        description: 'only payments with succeeded refunds: partial = partially refunded, full = refunded in full, any = either',
      }),
    ),
    reference: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9-]{1,40}$' })),
    sort: Type.Optional(Type.Enum(SORTS)),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT })),
  },
  { additionalProperties: false },
);

export type AnalystQuery = Static<typeof AnalystQuerySchema>;
export type PaymentStatus = (typeof STATUSES)[number];
export type RefundFilter = (typeof PAYMENT_REFUND_FILTERS)[number];
