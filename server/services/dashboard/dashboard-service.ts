import { fromMinorUnits } from '../../../isomorphic/money.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { AuthenticatedUser } from '../../plugins/auth.ts';
import { findOrganisation } from '../organisations/organisations-repository.ts';
import * as rollups from './dashboard-repository.ts';

export const STATUSES = ['Success', 'Failed', 'Pending', 'Cancelled'] as const;
type Status = (typeof STATUSES)[number];
const FALLBACK_CURRENCY = 'GHS';

export interface CurrencyStatusTotals {
  currency: string;
  total: string;
  totalMinor: number;
  count: number;
  Success: string;
  Failed: string;
  Pending: string;
  Cancelled: string;
  counts: Record<Status, number>;
  refunded: string;
  refundedMinor: number;
  /** Success volume minus what was refunded. */
  netVolume: string;
  netVolumeMinor: number;
}

/** Status totals: the first currency's amounts at the top level (the spec's keys), every currency in byCurrency. */
export interface StatusTotals extends CurrencyStatusTotals {
  byCurrency: CurrencyStatusTotals[];
}

/** The organisation a dashboard call is about: an orgadmin's own (another id is 404); a superadmin's choice or null (all). */
export async function dashboardScope(db: Database, caller: AuthenticatedUser, orgId: number | undefined): Promise<number | null> {
  if (caller.role !== 'superadmin') {
    if (caller.orgId === null || (orgId !== undefined && orgId !== caller.orgId)) throw notFound('Organisation not found.');
    return caller.orgId;
  }
  if (orgId === undefined) return null;
  if (!(await findOrganisation(db, orgId))) throw notFound('Organisation not found.');
  return orgId;
}

/** Currencies in display order: the preferred one first, then by payment count, then by code. */
function orderCurrencies(counts: Map<string, number>, preferred: string | null): string[] {
  const codes = [...counts.keys()];
  if (preferred && !counts.has(preferred)) codes.push(preferred);
  if (codes.length === 0) codes.push(preferred ?? FALLBACK_CURRENCY);
  return codes.sort((a, b) =>
    a === preferred ? -1 : b === preferred ? 1 : (counts.get(b) ?? 0) - (counts.get(a) ?? 0) || a.localeCompare(b),
  );
}

/** Turns per currency and status sums into the totals the screens show, the preferred currency first. */
function toStatusTotals(sums: rollups.Sums<rollups.CurrencyStatusSum>): StatusTotals {
  const counts = new Map<string, number>();
  for (const sum of sums.rows) counts.set(sum.currency, (counts.get(sum.currency) ?? 0) + sum.count);
  const byCurrency = orderCurrencies(counts, sums.preferred).map((currency): CurrencyStatusTotals => {
    const unit = sums.baseUnits.get(currency) ?? 100;
    const of = (status: Status) => sums.rows.find((sum) => sum.currency === currency && sum.status === status);
    const minor = (status: Status) => of(status)?.amountMinor ?? 0;
    const totalMinor = STATUSES.reduce((total, status) => total + minor(status), 0);
    // Only a Success payment is refunded, but every status's roll-up rows are read: nothing refunded is left out.
    const refundedMinor = sums.rows.reduce((total, sum) => total + (sum.currency === currency ? sum.refundedMinor : 0), 0);
    const netVolumeMinor = minor('Success') - refundedMinor;
    return {
      currency,
      total: fromMinorUnits(totalMinor, unit),
      totalMinor,
      count: counts.get(currency) ?? 0,
      Success: fromMinorUnits(minor('Success'), unit),
      Failed: fromMinorUnits(minor('Failed'), unit),
      Pending: fromMinorUnits(minor('Pending'), unit),
      Cancelled: fromMinorUnits(minor('Cancelled'), unit),
      counts: {
        Success: of('Success')?.count ?? 0,
        Failed: of('Failed')?.count ?? 0,
        Pending: of('Pending')?.count ?? 0,
        Cancelled: of('Cancelled')?.count ?? 0,
      },
      refunded: fromMinorUnits(refundedMinor, unit),
      refundedMinor,
      netVolume: fromMinorUnits(netVolumeMinor, unit),
      netVolumeMinor,
    };
  });
  return { ...byCurrency[0]!, byCurrency };
}

/**
 * Success, Failed, Pending and Cancelled amounts and counts per currency (never adding currencies together), with what
 * was refunded and the net volume (Success minus refunded), all from the roll-ups.
 */
export async function statusTotals(db: Database, orgId: number | null): Promise<StatusTotals> {
  return toStatusTotals(await rollups.sumsByCurrencyAndStatus(db, orgId));
}

/** The superadmin's cards: organisations, transactions, gateways and the volume per currency. */
export async function superadminStats(db: Database) {
  const sums = await rollups.platformSums(db);
  const totals = toStatusTotals(sums);
  return {
    orgCount: sums.organisations,
    transactionCount: totals.byCurrency.reduce((sum, entry) => sum + entry.count, 0),
    gatewayCount: sums.gateways,
    totalVolume: totals.total,
    currency: totals.currency,
    volumes: totals.byCurrency.map(({ currency, total, totalMinor, count, refunded, refundedMinor, netVolume, netVolumeMinor }) => ({
      currency,
      total,
      totalMinor,
      count,
      refunded,
      refundedMinor,
      netVolume,
      netVolumeMinor,
    })),
  };
}

/** Every organisation's volume (all statuses), one entry per currency it has, its default currency first; by name. */
export async function volumeByOrganisation(db: Database) {
  const rows = await rollups.sumsByOrganisation(db);
  const byOrganisation = new Map<number, rollups.OrganisationSum[]>();
  for (const row of rows) byOrganisation.set(row.orgId, [...(byOrganisation.get(row.orgId) ?? []), row]);
  return [...byOrganisation.values()].flatMap((own) => {
    const first = own[0]!;
    const counts = new Map(own.filter((row) => row.currency !== null).map((row) => [row.currency!, row.count]));
    return orderCurrencies(counts, first.defaultCurrency).map((currency) => {
      const sum = own.find((row) => row.currency === currency);
      const totalMinor = sum?.amountMinor ?? 0;
      return {
        orgId: first.orgId,
        name: first.name,
        currency,
        total: fromMinorUnits(totalMinor, sum?.baseUnit ?? first.baseUnit),
        totalMinor,
        count: sum?.count ?? 0,
      };
    });
  });
}

/** One organisation's volume per day (UTC, all statuses) over the last `days` days, every day present, per currency. */
export async function orgVolumeChart(db: Database, clock: Clock, orgId: number | null, days: number) {
  if (orgId === null) throw badRequest('Choose an organisation (orgId) for the volume chart.');
  const today = clock.now();
  const end = today.toISOString().slice(0, 10);
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (days - 1))).toISOString().slice(0, 10);
  const { rows: sums, baseUnits: units, preferred } = await rollups.sumsByDay(db, orgId, start, end);
  const counts = new Map<string, number>();
  for (const sum of sums) counts.set(sum.currency, (counts.get(sum.currency) ?? 0) + sum.count);
  const byKey = new Map(sums.map((sum) => [`${sum.day}|${sum.currency}`, sum]));
  const series = [];
  for (const currency of orderCurrencies(counts, preferred)) {
    for (let offset = 0; offset < days; offset++) {
      const day = new Date(Date.parse(`${start}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
      const sum = byKey.get(`${day}|${currency}`);
      const volumeMinor = sum?.amountMinor ?? 0;
      series.push({ day, currency, volume: fromMinorUnits(volumeMinor, units.get(currency) ?? 100), volumeMinor, count: sum?.count ?? 0 });
    }
  }
  return series;
}

/** Payment count per gateway over all of the scope's payments (not a sample); payments without a gateway counted apart. */
export async function gatewayUsage(db: Database, orgId: number | null) {
  const rows = await rollups.countsByGateway(db, orgId);
  return rows.map((row) => ({
    gatewayId: row.gatewayId === 0 ? null : row.gatewayId,
    name: row.gatewayId === 0 ? 'No gateway' : (row.name ?? `Deleted gateway #${row.gatewayId}`),
    provider: row.provider,
    count: row.count,
  }));
}
