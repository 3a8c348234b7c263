import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AuditEvent, AuditEventList, AuditEventQuery, AuditExportQuery } from '../../isomorphic/schemas/audit.ts';
import { authErrors } from '../../isomorphic/schemas/common.ts';
import { PaymentReferenceParams } from '../../isomorphic/schemas/payments.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { callerOf } from '../plugins/auth.ts';
import { scopedOrgId, type OrganisationScope } from '../plugins/organisation-scope.ts';
import { auditEventPage, auditEventsCsv, auditFilterOf, paymentAuditEvents } from '../services/audit/audit-service.ts';
import { assertOrganisationExists } from '../services/organisations/organisations-service.ts';

const CsvFile = { description: 'A CSV file', content: { 'text/csv': { schema: Type.Unsafe<Readable>({ type: 'string' }) } } };

/** Superadmin: every organisation's entries (and the global ones), or one organisation's; anyone else: their own. */
const auditScope: OrganisationScope = { own: 'or-superadmin-any', organisationQuery: 'organisationId' };

/** The organisation the list or export reads (null: every one), after checking that a named one exists. */
async function auditedOrganisation(db: Database, request: FastifyRequest): Promise<number | null> {
  const orgId = scopedOrgId(request);
  if (orgId !== null && callerOf(request).role === 'superadmin') await assertOrganisationExists(db, orgId);
  return orgId;
}

/** The audit trail: read and exported, never written or deleted through the API (docs/audit.md). */
const auditEventRoutes: FastifyPluginAsyncTypebox<{ db: Database; clock: Clock }> = async (app, { db, clock }) => {
  app.addSchema(AuditEvent);
  const common = { tags: ['audit'], security: [{ bearer: [] }] };
  const signedIn = { preHandler: app.authenticate, config: { organisationScope: auditScope } };

  app.get(
    '/audit-events',
    {
      ...signedIn,
      schema: {
        ...common,
        summary: "Audit entries, newest first (superadmin: all or organisationId; anyone else: their organisation's), keyset-paged",
        querystring: AuditEventQuery,
        response: { 200: AuditEventList, ...authErrors },
      },
    },
    async (request) => {
      const filter = auditFilterOf(await auditedOrganisation(db, request), request.query);
      return auditEventPage(db, filter, { pageSize: request.query.pageSize ?? 25, after: request.query.after });
    },
  );

  app.get(
    '/audit-events/export.csv',
    {
      ...signedIn,
      schema: {
        ...common,
        summary: 'Every audit entry matching the filters as CSV (UTF-8 with BOM, newest first), streamed; the same filters as the list',
        querystring: AuditExportQuery,
        response: { 200: CsvFile, ...authErrors },
      },
    },
    async (request, reply) => {
      const filter = auditFilterOf(await auditedOrganisation(db, request), request.query);
      const day = clock.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(auditEventsCsv(db, filter)));
    },
  );

  app.get(
    '/payments/:id/audit-events',
    {
      preHandler: app.authenticate,
      // A superadmin reads any organisation's payment (references are unique across organisations).
      config: { organisationScope: { own: 'or-superadmin-any' } },
      schema: {
        tags: ['payments'],
        security: [{ bearer: [] }],
        summary: "One payment's audit entries, oldest first: its creation, status changes and what was done to it",
        params: PaymentReferenceParams,
        response: { 200: Type.Object({ items: Type.Array(Type.Ref('AuditEvent')) }), ...authErrors },
      },
    },
    async (request) => ({ items: await paymentAuditEvents(db, scopedOrgId(request), request.params.id) }),
  );
};

export default auditEventRoutes;
