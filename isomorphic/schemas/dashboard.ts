// Dashboard figures on the wire; amounts are decimals in major units of their currency.
import { Type } from 'typebox';
import { DatabaseId, OrNull } from './common.ts';

/** The longest daily series the volume chart draws. */
export const MAX_CHART_DAYS = 366;

const Decimal = Type.String({ description: 'decimal in major units of the currency' });
const Counts = Type.Object({ Success: Type.Integer(), Failed: Type.Integer(), Pending: Type.Integer(), Cancelled: Type.Integer() });
export const CurrencyStatusTotals = Type.Object({
  currency: Type.String(),
  total: Decimal,
  totalMinor: Type.Integer(),
  count: Type.Integer(),
  Success: Decimal,
  Failed: Decimal,
  Pending: Decimal,
  Cancelled: Decimal,
  counts: Counts,
  refunded: Type.String({ description: 'what succeeded refunds sent back, decimal in major units' }),
  refundedMinor: Type.Integer(),
  netVolume: Type.String({ description: 'Success volume minus what was refunded, decimal in major units' }),
  netVolumeMinor: Type.Integer(),
});
export const StatusTotals = Type.Object(
  { ...CurrencyStatusTotals.properties, byCurrency: Type.Array(CurrencyStatusTotals) },
  {
    $id: 'StatusTotals',
    description:
      'Amounts keyed Success, Failed, Pending and Cancelled, refunded and net volume, in the first currency (the organisation default); every currency in byCurrency.',
  },
);
/** A reference to the registered `StatusTotals` schema (the route plugin adds it once). */
export const StatusTotalsRef = Type.Ref('StatusTotals');

export const DashboardOrgQuery = Type.Object(
  { orgId: Type.Optional(DatabaseId({ description: 'superadmin: one organisation (default: all)' })) },
  { additionalProperties: false },
);
export const VolumeChartQuery = Type.Object(
  {
    ...DashboardOrgQuery.properties,
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_CHART_DAYS, default: 30, description: 'how many days up to today' })),
  },
  { additionalProperties: false },
);

export const SuperadminStats = Type.Object({
  orgCount: Type.Integer(),
  transactionCount: Type.Integer(),
  gatewayCount: Type.Integer(),
  totalVolume: Decimal,
  currency: Type.String({ description: 'the currency of totalVolume' }),
  volumes: Type.Array(
    Type.Object({
      currency: Type.String(),
      total: Decimal,
      totalMinor: Type.Integer(),
      count: Type.Integer(),
      refunded: Decimal,
      refundedMinor: Type.Integer(),
      netVolume: Type.String({ description: 'Success volume minus what was refunded' }),
      netVolumeMinor: Type.Integer(),
    }),
  ),
});
export const OrganisationVolume = Type.Object({
  orgId: Type.Integer(),
  name: Type.String(),
  currency: Type.String(),
  total: Decimal,
  totalMinor: Type.Integer(),
  count: Type.Integer(),
});
export const OrganisationVolumes = Type.Array(OrganisationVolume);
export const DailyVolume = Type.Object({
  day: Type.String({ format: 'date' }),
  currency: Type.String(),
  volume: Decimal,
  volumeMinor: Type.Integer(),
  count: Type.Integer(),
});
export const DailyVolumes = Type.Array(DailyVolume);
export const GatewayUsage = Type.Object({
  gatewayId: OrNull(Type.Integer({ description: 'null: payments not sent to a gateway' })),
  name: Type.String(),
  provider: OrNull(Type.String()),
  count: Type.Integer(),
});
export const GatewayUsages = Type.Array(GatewayUsage);
