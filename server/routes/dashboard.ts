import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { callerOf } from '../plugins/auth.ts';
import { scopedOrganisation } from '../plugins/organisation-scope.ts';
import { authErrors } from '../../isomorphic/schemas/common.ts';
import {
  DailyVolumes,
  DashboardOrgQuery,
  GatewayUsages,
  OrganisationVolumes,
  StatusTotals,
  StatusTotalsRef,
  SuperadminStats,
  VolumeChartQuery,
} from '../../isomorphic/schemas/dashboard.ts';
import {
  dashboardScope,
  gatewayUsage,
  orgVolumeChart,
  statusTotals,
  superadminStats,
  volumeByOrganisation,
} from '../services/dashboard/dashboard-service.ts';

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
          200: SuperadminStats,
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
          200: OrganisationVolumes,
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
        querystring: DashboardOrgQuery,
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
        querystring: VolumeChartQuery,
        response: {
          200: DailyVolumes,
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
        querystring: DashboardOrgQuery,
        response: {
          200: GatewayUsages,
          ...authErrors,
        },
      },
    },
    async (request) => gatewayUsage(db, await dashboardScope(db, callerOf(request), request.query.orgId)),
  );
};

export default dashboardRoutes;
