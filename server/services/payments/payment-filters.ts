import type { Static } from 'typebox';
import { toMinorUnits } from '../../../isomorphic/money.ts';
import {
  PAYMENT_CHANNELS,
  PAYMENT_REFUND_FILTERS,
  type PaymentChannel,
  type PaymentFilterQuery,
  type PaymentRefundFilter,
} from '../../../isomorphic/schemas/payments.ts';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import { cachedCurrenciesByCode } from '../reference/currency-cache.ts';
import type { PaymentCursor, PaymentFilters } from './payments-list-repository.ts';

/** The filter fields of a list or export query as the route received them. */
export type PaymentFilterInput = Partial<{ [Key in keyof typeof PaymentFilterQuery]: Static<(typeof PaymentFilterQuery)[Key]> }>;

const STATUSES = ['Pending', 'Success', 'Failed', 'Cancelled'];

function statusesOf(text: string | undefined): string[] | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const statuses = [...new Set(text.split(',').map((status) => status.trim()))];
  const unknown = statuses.find((status) => !STATUSES.includes(status));
  if (unknown !== undefined) throw badRequest(`status "${unknown}" is not one of ${STATUSES.join(', ')} (several: status=Failed,Pending).`);
  return statuses;
}

function refundOf(text: string | undefined): PaymentRefundFilter | undefined {
  if (text === undefined || text === '') return undefined;
  const refund = PAYMENT_REFUND_FILTERS.find((known) => known === text);
  if (!refund) throw badRequest(`refund "${text}" is not one of ${PAYMENT_REFUND_FILTERS.join(', ')}.`);
  return refund;
}

function channelOf(text: string | undefined): PaymentChannel | undefined {
  if (text === undefined || text === '') return undefined;
  const channel = PAYMENT_CHANNELS.find((known) => known === text);
  if (!channel) throw badRequest(`channel "${text}" is not one of ${PAYMENT_CHANNELS.join(', ')}.`);
  return channel;
}

/** An amount bound in minor units: a decimal in major units within the currency's precision; zero allowed. */
function amountBoundOf(field: string, text: string | undefined, currency: string, baseUnit: number): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  if (/^0+(\.0+)?$/.test(text.trim())) return 0;
  const parsed = toMinorUnits(text, baseUnit, currency);
  if (!parsed.ok) throw badRequest(`${field}: ${parsed.error}`);
  return parsed.minor;
}

/**
 * The checked filters of a payments list or export: a status list, a known currency, amounts in that currency's
 * precision (so they need it), a range that ends after it starts. A bad value is a 400 naming it; nothing is read.
 */
export async function paymentFiltersOf(db: Database, query: PaymentFilterInput): Promise<PaymentFilters> {
  const from = query.from ? new Date(query.from) : undefined;
  const to = query.to ? new Date(query.to) : undefined;
  if (from && to && from.getTime() >= to.getTime()) throw badRequest('from must be before to.');
  const filters: PaymentFilters = {
    statuses: statusesOf(query.status),
    from,
    to,
    search: query.search,
    gatewayId: query.gatewayId,
    channel: channelOf(query.channel),
    refund: refundOf(query.refund),
    customer: query.customer,
  };
  const currency = query.currency?.trim().toUpperCase() || undefined;
  if (currency !== undefined) {
    if (!/^[A-Z]{3}$/.test(currency)) throw badRequest(`currency "${query.currency}" is not an ISO 4217 code such as GHS.`);
    const [known] = await cachedCurrenciesByCode(db, [currency]);
    if (!known) throw badRequest(`currency ${currency} is not a currency this platform knows.`);
    filters.currency = currency;
    filters.amountMinMinor = amountBoundOf('amountMin', query.amountMin, currency, known.baseUnit);
    filters.amountMaxMinor = amountBoundOf('amountMax', query.amountMax, currency, known.baseUnit);
    if (filters.amountMinMinor !== undefined && filters.amountMaxMinor !== undefined && filters.amountMinMinor > filters.amountMaxMinor)
      throw badRequest('amountMin must not be more than amountMax.');
  } else if (query.amountMin?.trim() || query.amountMax?.trim()) {
    throw badRequest('amountMin and amountMax need a currency (amounts are compared in its units).');
  }
  return filters;
}

/** The `after` cursor a list hands out as `next`: opaque to callers, the keyset (created_at, id) of the last row. */
export function encodeCursor(cursor: PaymentCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString('base64url');
}

/** The keyset of an `after` cursor, or a 400 when it is not one this API gave. */
export function decodeCursor(text: string): PaymentCursor {
  const [createdAt = '', id = ''] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (!/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/.test(createdAt) || !/^\d{1,18}$/.test(id))
    throw badRequest('after is not a cursor this API gave (use the next of the previous page).');
  return { createdAt, id: Number(id) };
}
