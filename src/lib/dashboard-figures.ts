// Dashboard figures for people, free of any framework: every amount in its currency in the Ghana English locale
// (docs/console.md#constants: GHS, en-GH; a missing value counts as 0).
import type { CurrencyStatusTotals, DailyVolume, OrganisationVolume, StatusTotals } from './api/dashboard.ts';

export const DASHBOARD_CURRENCY = 'GHS';
export const LOADING_DASHBOARD = 'Loading Dashboard...';

/** "GH₵1,234.50" from a decimal string or number; missing or unreadable values are 0. */
export function formatVolume(value: string | number | null | undefined, currency: string = DASHBOARD_CURRENCY): string {
  const amount = Number(value ?? 0);
  const safe = Number.isFinite(amount) ? amount : 0;
  try {
    return new Intl.NumberFormat('en-GH', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(safe);
  } catch {
    return `${currency} ${safe.toFixed(2)}`;
  }
}

/** Zero totals in a currency: what the cards show before (or instead of) an answer. */
export function zeroTotals(currency: string = DASHBOARD_CURRENCY): StatusTotals {
  const zero: CurrencyStatusTotals = {
    currency,
    total: '0',
    totalMinor: 0,
    count: 0,
    Success: '0',
    Failed: '0',
    Pending: '0',
    Cancelled: '0',
    counts: { Success: 0, Failed: 0, Pending: 0, Cancelled: 0 },
    refunded: '0',
    refundedMinor: 0,
    netVolume: '0',
    netVolumeMinor: 0,
  };
  return { ...zero, byCurrency: [zero] };
}

/** The other currencies of a set of totals, for a "+ US$20.00" line under a card. */
export function otherCurrencies(
  totals: StatusTotals,
  key: 'total' | 'Success' | 'Failed' | 'Pending' | 'Cancelled' | 'refunded' | 'netVolume',
): string[] {
  return totals.byCurrency
    .filter((entry) => entry.currency !== totals.currency && Number(entry[key]) !== 0)
    .map((entry) => formatVolume(entry[key], entry.currency));
}

/** The daily series split per currency (default first, as the server orders them), ready for a line chart. */
export function seriesByCurrency(points: readonly DailyVolume[]): { currency: string; days: string[]; values: number[] }[] {
  const series = new Map<string, { currency: string; days: string[]; values: number[] }>();
  for (const point of points) {
    const entry = series.get(point.currency) ?? { currency: point.currency, days: [], values: [] };
    entry.days.push(point.day);
    entry.values.push(Number(point.volume) || 0);
    series.set(point.currency, entry);
  }
  return [...series.values()];
}

/** "22 Nov" for a chart axis. */
export function shortDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? day
    : new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(date);
}

/** One organisation's volume in each of its currencies, for 'Volume by Organisation'. */
export interface OrganisationTotals {
  orgId: number;
  name: string;
  totals: { currency: string; total: string }[];
}

/** Folds the per-currency volume rows into one entry per organisation, in the order the organisations first appear. */
export function volumesByOrganisation(rows: readonly OrganisationVolume[]): OrganisationTotals[] {
  const organisations = new Map<number, OrganisationTotals>();
  for (const row of rows) {
    const entry = organisations.get(row.orgId) ?? { orgId: row.orgId, name: row.name, totals: [] };
    entry.totals.push({ currency: row.currency, total: row.total });
    organisations.set(row.orgId, entry);
  }
  return [...organisations.values()];
}
