import { apiGet } from './client.ts';

/** Amounts per status in one currency (decimal strings in major units). */
export interface CurrencyStatusTotals {
  currency: string;
  total: string;
  totalMinor: number;
  count: number;
  Success: string;
  Failed: string;
  Pending: string;
  counts: { Success: number; Failed: number; Pending: number };
}

/** Status totals (docs/console.md#entities: keyed Success, Failed, Pending) in the first currency, every currency in byCurrency. */
export interface StatusTotals extends CurrencyStatusTotals {
  byCurrency: CurrencyStatusTotals[];
}

/** Superadmin cards (docs/console.md#entities: orgCount, transactionCount, gatewayCount, totalVolume). */
export interface SuperadminStats {
  orgCount: number;
  transactionCount: number;
  gatewayCount: number;
  totalVolume: string;
  currency: string;
  volumes: { currency: string; total: string; totalMinor: number; count: number }[];
}

/** One organisation's volume in one currency (docs/console.md#entities: name, total). */
export interface OrganisationVolume {
  orgId: number;
  name: string;
  currency: string;
  total: string;
  totalMinor: number;
  count: number;
}

/** One day of the daily series (docs/console.md#entities: day, volume). */
export interface DailyVolume {
  day: string;
  currency: string;
  volume: string;
  volumeMinor: number;
  count: number;
}

/** Payment count of one gateway (null id: payments not sent to a gateway). */
export interface GatewayUsage {
  gatewayId: number | null;
  name: string;
  provider: string | null;
  count: number;
}

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
