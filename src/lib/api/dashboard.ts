import type { Static } from 'typebox';
import type * as schemas from '../../../isomorphic/schemas/dashboard.ts';
import { apiGet } from './client.ts';

/** Amounts per status in one currency (decimal strings in major units). */
export type CurrencyStatusTotals = Static<typeof schemas.CurrencyStatusTotals>;

/** Status totals (docs/console.md#entities: keyed Success, Failed, Pending) in the first currency, every currency in byCurrency. */
export type StatusTotals = Static<typeof schemas.StatusTotals>;

/** Superadmin cards (docs/console.md#entities: orgCount, transactionCount, gatewayCount, totalVolume). */
export type SuperadminStats = Static<typeof schemas.SuperadminStats>;

/** One organisation's volume in one currency (docs/console.md#entities: name, total). */
export type OrganisationVolume = Static<typeof schemas.OrganisationVolume>;

/** One day of the daily series (docs/console.md#entities: day, volume). */
export type DailyVolume = Static<typeof schemas.DailyVolume>;

/** Payment count of one gateway (null id: payments not sent to a gateway). */
export type GatewayUsage = Static<typeof schemas.GatewayUsage>;

/** GET /dashboard/superadmin-stats. */
export function getSuperadminStats(): Promise<SuperadminStats> {
  return apiGet<SuperadminStats>('/dashboard/superadmin-stats');
}

/** GET /dashboard/volume-by-organisation. */
export function getVolumeByOrganisation(): Promise<OrganisationVolume[]> {
  return apiGet<OrganisationVolume[]>('/dashboard/volume-by-organisation');
}

/** GET /dashboard/status-totals (superadmin: the platform, or one organisation). */
export function getStatusTotals(orgId?: number): Promise<StatusTotals> {
  return apiGet<StatusTotals>('/dashboard/status-totals', { orgId });
}

/** GET /dashboard/my-status-totals: the caller's organisation. */
export function getMyStatusTotals(): Promise<StatusTotals> {
  return apiGet<StatusTotals>('/dashboard/my-status-totals');
}

/** GET /dashboard/org-volume-chart: the last `days` days, every day present. */
export function getOrgVolumeChart(days = 30, orgId?: number): Promise<DailyVolume[]> {
  return apiGet<DailyVolume[]>('/dashboard/org-volume-chart', { days, orgId });
}

/** GET /dashboard/gateway-usage: payment count per gateway over all payments. */
export function getGatewayUsage(orgId?: number): Promise<GatewayUsage[]> {
  return apiGet<GatewayUsage[]>('/dashboard/gateway-usage', { orgId });
}
