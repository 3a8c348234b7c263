// The payments list's filters as the console keeps them: in the page's URL query (a shareable link, Back, reload),
// turned into the API's query when the list or the export is asked for.
import type { PaymentChannel, PaymentRefundFilter } from '../../isomorphic/schemas/payments.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from './constants.ts';

export const DATE_PRESETS = ['today', '7d', '30d', 'month', 'custom'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  today: 'Today',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  month: 'This month',
  custom: 'Custom range',
};

export const FILTER_STATUSES = ['Pending', 'Success', 'Failed', 'Cancelled'] as const;

// The server's list (a type-only import: no schema code in the browser); the labels name every one of them.
export const CHANNELS = ['gateway', 'bank', 'none', 'checkout', 'record-url'] as const satisfies readonly PaymentChannel[];
export const CHANNEL_LABELS: Record<PaymentChannel, string> = {
  gateway: 'Gateway',
  bank: 'Bank',
  none: 'No gateway',
  checkout: 'Checkout page',
  'record-url': 'Record URL',
};

// The server's refund-state filter (type-only import); the labels are the states the list shows beside Success.
export const REFUND_FILTERS = ['any', 'partial', 'full'] as const satisfies readonly PaymentRefundFilter[];
export const REFUND_FILTER_LABELS: Record<PaymentRefundFilter, string> = {
  any: 'Refunded or partially',
  partial: 'Partially refunded',
  full: 'Refunded',
};

/** The list's state as the URL keeps it: text as typed, '' for "any". */
export interface PaymentFilterState {
  range: DatePreset | '';
  /** Custom range days (YYYY-MM-DD), both included. */
  fromDay: string;
  toDay: string;
  statuses: string[];
  /** Refund state: 'any', 'partial', 'full' or '' (no refund condition). */
  refund: string;
  gatewayId: string;
  currency: string;
  amountMin: string;
  amountMax: string;
  channel: string;
  customer: string;
  search: string;
  /** Superadmin: one organisation's id, '' for every organisation. */
  organisationId: string;
  page: number;
  pageSize: number;
}

export const EMPTY_FILTERS: PaymentFilterState = {
  range: '',
  fromDay: '',
  toDay: '',
  statuses: [],
  refund: '',
  gatewayId: '',
  currency: '',
  amountMin: '',
  amountMax: '',
  channel: '',
  customer: '',
  search: '',
  organisationId: '',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

const DAY = /^\d{4}-\d\d-\d\d$/;
const positive = (text: string | null) => (text !== null && /^\d{1,9}$/.test(text) && Number(text) > 0 ? text : '');

/** The state a URL query holds; anything unknown or malformed reads as "any". */
export function filtersFromSearch(search: string): PaymentFilterState {
  const params = new URLSearchParams(search);
  const text = (key: string) => params.get(key)?.slice(0, 200) ?? '';
  const range = text('range');
  const pageSize = Number(params.get('pageSize'));
  const channel = text('channel');
  const refund = text('refund');
  return {
    range: (DATE_PRESETS as readonly string[]).includes(range) ? (range as DatePreset) : '',
    fromDay: DAY.test(text('from')) ? text('from') : '',
    toDay: DAY.test(text('to')) ? text('to') : '',
    statuses: text('status')
      .split(',')
      .filter((status) => (FILTER_STATUSES as readonly string[]).includes(status)),
    refund: (REFUND_FILTERS as readonly string[]).includes(refund) ? refund : '',
    gatewayId: positive(params.get('gatewayId')),
    currency: /^[A-Za-z]{3}$/.test(text('currency')) ? text('currency').toUpperCase() : '',
    amountMin: text('amountMin'),
    amountMax: text('amountMax'),
    channel: (CHANNELS as readonly string[]).includes(channel) ? channel : '',
    customer: text('customer'),
    search: text('search'),
    organisationId: positive(params.get('organisationId')),
    page: Number(positive(params.get('page')) || 1),
    pageSize: (PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** The URL query of a state (leading "?", or '' with nothing set): only what differs from "any". */
export function searchFromFilters(state: PaymentFilterState): string {
  const params = new URLSearchParams();
  const set = (key: string, value: string) => {
    if (value !== '') params.set(key, value);
  };
  set('range', state.range);
  if (state.range === 'custom') {
    set('from', state.fromDay);
    set('to', state.toDay);
  }
  set('status', state.statuses.join(','));
  set('refund', state.refund);
  set('gatewayId', state.gatewayId);
  set('currency', state.currency);
  set('amountMin', state.amountMin.trim());
  set('amountMax', state.amountMax.trim());
  set('channel', state.channel);
  set('customer', state.customer.trim());
  set('search', state.search.trim());
  set('organisationId', state.organisationId);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  const query = params.toString();
  return query ? `?${query}` : '';
}

const localMidnight = (year: number, month: number, day: number) => new Date(year, month, day);

/** A date range preset's bounds in the browser's time zone (to excluded); a custom range's days are both included. */
export function rangeOf(state: Pick<PaymentFilterState, 'range' | 'fromDay' | 'toDay'>, now: Date): { from?: Date; to?: Date } {
  const today = localMidnight(now.getFullYear(), now.getMonth(), now.getDate());
  switch (state.range) {
    case 'today':
      return { from: today };
    case '7d':
      return { from: localMidnight(now.getFullYear(), now.getMonth(), now.getDate() - 6) };
    case '30d':
      return { from: localMidnight(now.getFullYear(), now.getMonth(), now.getDate() - 29) };
    case 'month':
      return { from: localMidnight(now.getFullYear(), now.getMonth(), 1) };
    case 'custom': {
      const day = (text: string, plus: number) => {
        const [year = 0, month = 1, date = 1] = text.split('-').map(Number);
        return localMidnight(year, month - 1, date + plus);
      };
      return { ...(state.fromDay ? { from: day(state.fromDay, 0) } : {}), ...(state.toDay ? { to: day(state.toDay, 1) } : {}) };
    }
    default:
      return {};
  }
}

/** The filter query GET /payments and its export take (undefined: not sent). */
// A type alias (not an interface) so it reads as the client's QueryParams.
export type PaymentApiFilters = {
  from?: string | undefined;
  to?: string | undefined;
  status?: string | undefined;
  refund?: string | undefined;
  gatewayId?: number | undefined;
  currency?: string | undefined;
  amountMin?: string | undefined;
  amountMax?: string | undefined;
  channel?: string | undefined;
  customer?: string | undefined;
  search?: string | undefined;
  organisationId?: number | undefined;
};

/** The API's filter query of a state (GET /payments and its export take the same). */
export function apiFiltersOf(state: PaymentFilterState, now: Date): PaymentApiFilters {
  const { from, to } = rangeOf(state, now);
  const text = (value: string) => value.trim() || undefined;
  return {
    from: from?.toISOString(),
    to: to?.toISOString(),
    status: state.statuses.join(',') || undefined,
    refund: state.refund || undefined,
    gatewayId: state.gatewayId ? Number(state.gatewayId) : undefined,
    currency: text(state.currency),
    amountMin: text(state.amountMin),
    amountMax: text(state.amountMax),
    channel: text(state.channel),
    customer: text(state.customer),
    search: text(state.search),
    organisationId: state.organisationId ? Number(state.organisationId) : undefined,
  };
}

/** Whether any filter narrows the list (the empty state then says so). */
export function isFiltered(state: PaymentFilterState): boolean {
  const { page: _page, pageSize: _pageSize, organisationId: _organisationId, ...filters } = state;
  return searchFromFilters({ ...EMPTY_FILTERS, ...filters }) !== '';
}
