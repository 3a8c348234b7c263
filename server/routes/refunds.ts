import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auditActorOf } from '../plugins/audit-actor.ts';
import { callerOf } from '../plugins/auth.ts';
import { scopedOrganisation, scopedOrgId, type OrganisationScope } from '../plugins/organisation-scope.ts';
import { authErrors, errorResponses, UrlResponse } from '../../isomorphic/schemas/common.ts';
import { IdempotencyHeaders, PaymentReferenceParams } from '../../isomorphic/schemas/payments.ts';
import { CreateRefundBody, Refund, RefundList, RefundRef, RefundReferenceParams } from '../../isomorphic/schemas/refunds.ts';
import { createRefund, creditNoteLink, listRefunds, type RefundContext } from '../services/refunds/refunds-service.ts';

/** Refunds act on the caller's own organisation; superadmins only read them. */
const refundScope: OrganisationScope = {
  own: 'not-superadmin',
  superadminMessage: 'Superadmin: read-only. Use GET /payments (organisationId for one organisation) to view payments.',
};

/** Refunds of a Success payment (docs/refunds.md): request one (idempotent), list them, the credit note's link. */
const refundRoutes: FastifyPluginAsyncTypebox<{ ctx: RefundContext }> = async (app, { ctx }) => {
  app.addSchema(Refund);
  const common = { tags: ['refunds'], security: [{ bearer: [] }] };

  app.post(
    '/payments/:id/refunds',
    {
      preHandler: app.authenticateOrApiToken,
      config: { organisationScope: refundScope },
      schema: {
        ...common,
        summary:
          'Refund a successful payment, wholly (no amount) or in part, through its gateway or recorded as refunded outside Payrail; Idempotency-Key supported',
        params: PaymentReferenceParams,
        headers: IdempotencyHeaders,
        body: CreateRefundBody,
        response: { 201: RefundRef, ...authErrors, ...errorResponses(409, 422) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const answer = await createRefund(ctx, {
        orgId: scopedOrganisation(request),
        requestedBy: caller.via === 'session' ? caller.id : null,
        paymentReference: request.params.id,
        amount: request.body.amount,
        reason: request.body.reason,
        idempotencyKey: request.headers['idempotency-key'],
        auditActor: auditActorOf(request),
      });
      if (answer.replayed) void reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(answer.refund);
    },
  );

  app.get(
    '/payments/:id/refunds',
    {
      preHandler: app.authenticateOrApiToken,
      config: { organisationScope: { own: 'or-superadmin-any' } },
      schema: {
        ...common,
        summary: "A payment's refunds, newest first",
        params: PaymentReferenceParams,
        response: { 200: RefundList, ...authErrors },
      },
    },
    async (request) => listRefunds(ctx.db, scopedOrgId(request), request.params.id),
  );

  app.get(
    '/refunds/:reference/credit-note',
    {
      preHandler: app.authenticateOrApiToken,
      config: { organisationScope: { own: 'or-superadmin-any' } },
      schema: {
        ...common,
        summary: "The public, tokenised URL of a succeeded refund's credit note",
        params: RefundReferenceParams,
        response: { 200: UrlResponse, ...authErrors },
      },
    },
    async (request) => creditNoteLink(ctx.db, scopedOrgId(request), request.params.reference, ctx.publicUrl),
  );
};

export default refundRoutes;
