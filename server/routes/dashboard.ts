import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { callerOf } from '../plugins/auth.ts';
import { scopedOrganisation } from '../plugins/organisation-scope.ts';
import { OrNull, authErrors, DatabaseId } from '../schemas/common.ts';
import {
  dashboardScope,
  gatewayUsage,
  MAX_CHART_DAYS,
  orgVolumeChart,
  statusTotals,
  superadminStats,
  volumeByOrganisation,
} from '../services/dashboard/dashboard-service.ts';

const Decimal = Type.String({ description: 'decimal in major units of the currency' });
const Counts = Type.Object({ Success: Type.Integer(), Failed: Type.Integer(), Pending: Type.Integer() });
const CurrencyTotals = Type.Object({
  currency: Type.String(),
  total: Decimal,
  totalMinor: Type.Integer(),
  count: Type.Integer(),
  Success: Decimal,
  Failed: Decimal,
  Pending: Decimal,
  counts: Counts,
});
const StatusTotals = Type.Object(
  { ...CurrencyTotals.properties, byCurrency: Type.Array(CurrencyTotals) },
  {
    $id: 'StatusTotals',
    description:
      'Amounts keyed Success, Failed and Pending in the first currency (the organisation default); every currency in byCurrency.',
  },
);
const StatusTotalsRef = Type.Ref('StatusTotals');
const OrgQuery = Type.Object(
  { orgId: Type.Optional(DatabaseId({ description: 'superadmin: one organisation (default: all)' })) },
  { additionalProperties: false },
);

/** Dashboard figures, read from the roll-ups maintained with every payment change (O(days), never O(payments)). */
const dashboardRoutes: FastifyPluginAsyncTypebox<{ db: Database; clock: Clock }> = async (app, { db, clock }) => {
  app.addSchema(StatusTotals);
  const common = { tags: ['dashboard'], security: [{ bearer: [] }] };
  const superadmin = [app.authenticate, app.requireRole('superadmin')];

  app.get(
    '/dashboard/superadmin-stats',
    {
      preHandler: superadmin,
      schema: {
        ...common,
        summary: 'Platform cards: organisations, transactions, gateways, total volume (per currency, most used first)',
        response: {
          200: Type.Object({
            orgCount: Type.Integer(),
            transactionCount: Type.Integer(),
            gatewayCount: Type.Integer(),
            totalVolume: Decimal,
            currency: Type.String({ description: 'the currency of totalVolume' }),
            volumes: Type.Array(
              Type.Object({ currency: Type.String(), total: Decimal, totalMinor: Type.Integer(), count: Type.Integer() }),
            ),
          }),
          ...authErrors,
        },
      },
    },
    async () => superadminStats(db),
  );

  app.get(
    '/dashboard/volume-by-organisation',
    {
      preHandler: superadmin,
      schema: {
        ...common,
        summary: "Each organisation's volume (all statuses), one entry per currency, default currency first, by name",
        response: {
          200: Type.Array(
            Type.Object({
              orgId: Type.Integer(),
              name: Type.String(),
              currency: Type.String(),
              total: Decimal,
              totalMinor: Type.Integer(),
              count: Type.Integer(),
            }),
          ),
          ...authErrors,
        },
      },
    },
    async () => volumeByOrganisation(db),
  );

  app.get(
    '/dashboard/status-totals',
    {
      preHandler: superadmin,
      schema: {
        ...common,
        summary: 'Platform (or one organisation’s) totals by status',
        querystring: OrgQuery,
        response: { 200: StatusTotalsRef, ...authErrors },
      },
    },
    async (request) => statusTotals(db, await dashboardScope(db, callerOf(request), request.query.orgId)),
  );

  app.get(
    '/dashboard/my-status-totals',
    {
      preHandler: app.authenticate,
      config: { organisationScope: 'own' },
      schema: { ...common, summary: 'Your organisation’s totals by status', response: { 200: StatusTotalsRef, ...authErrors } },
    },
    async (request) => statusTotals(db, scopedOrganisation(request)),
  );

  app.get(
    '/dashboard/org-volume-chart',
    {
      preHandler: app.authenticate,
      schema: {
        ...common,
        summary:
          'Daily volume (UTC days, all statuses) of your organisation, or a chosen one for a superadmin; every day present, per currency',
        querystring: Type.Object(
          {
            ...OrgQuery.properties,
            days: Type.Optional(
              Type.Integer({ minimum: 1, maximum: MAX_CHART_DAYS, default: 30, description: 'how many days up to today' }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Array(
            Type.Object({
              day: Type.String({ format: 'date' }),
              currency: Type.String(),
              volume: Decimal,
              volumeMinor: Type.Integer(),
              count: Type.Integer(),
            }),
          ),
          ...authErrors,
        },
      },
    },
    async (request) =>
      orgVolumeChart(db, clock, await dashboardScope(db, callerOf(request), request.query.orgId), request.query.days ?? 30),
  );

  app.get(
    '/dashboard/gateway-usage',
    {
      preHandler: app.authenticate,
      schema: {
        ...common,
        summary: 'Payment count per gateway over all of your organisation’s payments (superadmin: all, or orgId)',
        querystring: OrgQuery,
        response: {
          200: Type.Array(
            Type.Object({
              gatewayId: OrNull(Type.Integer({ description: 'null: payments not sent to a gateway' })),
              name: Type.String(),
              provider: OrNull(Type.String()),
              count: Type.Integer(),
            }),
          ),
          ...authErrors,
        },
      },
    },
    async (request) => gatewayUsage(db, await dashboardScope(db, callerOf(request), request.query.orgId)),
  );
};

export default dashboardRoutes;
