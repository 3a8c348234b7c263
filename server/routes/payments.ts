import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { auditActorOf } from '../plugins/audit-actor.ts';
import { callerOf } from '../plugins/auth.ts';
import { scopedOrganisation, scopedOrgId, type OrganisationScope } from '../plugins/organisation-scope.ts';
import { authErrors, errorResponses, IdParams, UrlResponse } from '../../isomorphic/schemas/common.ts';
import { CancelPaymentBody } from '../../isomorphic/schemas/refunds.ts';
import { pageOf } from '../../isomorphic/schemas/pagination.ts';
import {
  CreatePaymentBody,
  CreatePaymentResponse,
  IdempotencyHeaders,
  Payment,
  PaymentExportQuery,
  PaymentList,
  PaymentListQuery,
  PaymentMessage,
  PaymentMessageBody,
  PaymentMessageList,
  PaymentRef,
  PaymentReferenceParams,
} from '../../isomorphic/schemas/payments.ts';
import type { Mailer } from '../services/mail/mailer.ts';
import { withIdempotency } from '../services/payments/idempotency.ts';
import { listMessages, sendPaymentMessage } from '../services/payments/payment-messages.ts';
import type { OrchestrationContext } from '../services/payments/orchestrator.ts';
import {
  createPayment,
  getPayment,
  listPayments,
  markPaid,
  receiptLink,
  type CreatedPayment,
} from '../services/payments/payments-service.ts';
import { cancelPayment } from '../services/payments/cancellation.ts';
import { assertOrganisationExists } from '../services/organisations/organisations-service.ts';
import { paymentFiltersOf } from '../services/payments/payment-filters.ts';
import { exportFileName, paymentsCsv } from '../services/payments/payments-export.ts';

// The file goes out as a stream of text chunks (the schema types the reply's payload, the document says text).
const CsvFile = { description: 'A CSV file', content: { 'text/csv': { schema: Type.Unsafe<Readable>({ type: 'string' }) } } };

/** The superadmin's per-organisation list takes the organisation from the path. */
const OrganisationPaymentListQuery = Type.Omit(PaymentListQuery, ['organisationId']);

/** Payments act on the caller's own organisation; superadmins are read-only elsewhere. */
const paymentsScope: OrganisationScope = {
  own: 'not-superadmin',
  superadminMessage: 'Superadmin: read-only. Use GET /payments (organisationId for one organisation) to view payments.',
};

/** The list and export: the caller's organisation; a superadmin reads every organisation, or the one organisationId names. */
const paymentListScope: OrganisationScope = { own: 'or-superadmin-any', organisationQuery: 'organisationId' };

/** The organisation the list or export reads (null: every one), after checking that a named one exists. */
async function listedOrganisation(db: OrchestrationContext['db'], request: FastifyRequest): Promise<number | null> {
  const orgId = scopedOrgId(request);
  if (orgId !== null && callerOf(request).role === 'superadmin') await assertOrganisationExists(db, orgId);
  return orgId;
}

/** The create-payment response: the payment, and where to send the customer next. */
export function createdBody(created: CreatedPayment): Static<typeof CreatePaymentResponse> {
  return {
    ...created.payment,
    ...(created.gatewayInit ? { gatewayInit: created.gatewayInit } : {}),
    ...(created.bankCheckoutUrl ? { bankCheckoutUrl: created.bankCheckoutUrl } : {}),
  };
}

/** Payments: create (console or API token, idempotent), list, view, mark as paid, cancel, receipt link. */
const paymentRoutes: FastifyPluginAsyncTypebox<{ ctx: OrchestrationContext; mailer: Mailer; leaseMs: number }> = async (
  app,
  { ctx, mailer, leaseMs },
) => {
  app.addSchema(Payment);
  const common = { tags: ['payments'], security: [{ bearer: [] }] };

  app.post(
    '/payments',
    {
      preHandler: app.authenticateOrApiToken,
      config: { organisationScope: paymentsScope },
      schema: {
        ...common,
        summary:
          'Create a payment (amount as an exact decimal; Idempotency-Key supported); processViaGateway starts it at the gateways by priority',
        headers: IdempotencyHeaders,
        body: CreatePaymentBody,
        response: { 201: CreatePaymentResponse, ...authErrors, ...errorResponses(409, 422) },
      },
    },
    async (request, reply) => {
      const orgId = scopedOrganisation(request);
      const caller = callerOf(request);
      const outcome = await withIdempotency(
        ctx.db,
        { orgId, key: request.headers['idempotency-key'], body: request.body, clock: ctx.clock, leaseMs },
        async (claim) => {
          const input = { ...request.body, auditActor: auditActorOf(request) };
          const created = await createPayment(ctx, orgId, caller.via === 'session' ? caller.id : null, input, claim);
          return { statusCode: 201, body: createdBody(created) };
        },
      );
      if (outcome.replayed) void reply.header('idempotent-replayed', 'true');
      return reply.code(outcome.statusCode as 201).send(outcome.body as Static<typeof CreatePaymentResponse>);
    },
  );

  app.get(
    '/payments',
    {
      preHandler: app.authenticateOrApiToken,
      config: { organisationScope: paymentListScope },
      schema: {
        ...common,
        summary:
          "Your organisation's payments, newest first, filtered (a superadmin's: every organisation's, or organisationId's); the total is counted up to 1,000 (totalCapped past it)",
        querystring: PaymentListQuery,
        response: { 200: PaymentList, ...authErrors },
      },
    },
    async (request) => {
      const orgId = await listedOrganisation(ctx.db, request);
      const filters = await paymentFiltersOf(ctx.db, request.query);
      return listPayments(ctx.db, orgId, filters, { ...pageOf(request.query), after: request.query.after });
    },
  );

  app.get(
    '/payments/export.csv',
    {
      preHandler: app.authenticateOrApiToken,
      config: { organisationScope: paymentListScope },
      schema: {
        ...common,
        summary:
          'Every payment matching the filters as CSV (UTF-8 with BOM, newest first, amounts in major units), streamed; the same filters as the list',
        querystring: PaymentExportQuery,
        response: { 200: CsvFile, ...authErrors },
      },
    },
    async (request, reply) => {
      const orgId = await listedOrganisation(ctx.db, request);
      const filters = await paymentFiltersOf(ctx.db, request.query);
      const fileName = await exportFileName(ctx.db, orgId, filters, ctx.clock.now());
      const chunks = await paymentsCsv(ctx.db, orgId, filters);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(chunks));
    },
  );

  app.get(
    '/payments/:id',
    {
      preHandler: app.authenticateOrApiToken,
      config: { organisationScope: paymentsScope },
      schema: {
        ...common,
        summary: 'One payment with its gateway attempts',
        params: PaymentReferenceParams,
        response: { 200: PaymentRef, ...authErrors },
      },
    },
    async (request) => getPayment(ctx.db, scopedOrganisation(request), request.params.id),
  );

  app.get(
    '/organisations/:id/payments',
    {
      preHandler: [app.authenticate, app.requireRole('superadmin')],
      schema: {
        ...common,
        summary: "An organisation's payments (superadmin, read-only)",
        params: IdParams,
        querystring: OrganisationPaymentListQuery,
        response: { 200: PaymentList, ...authErrors },
      },
    },
    async (request) => {
      await assertOrganisationExists(ctx.db, request.params.id);
      const filters = await paymentFiltersOf(ctx.db, request.query);
      return listPayments(ctx.db, request.params.id, filters, { ...pageOf(request.query), after: request.query.after });
    },
  );

  app.patch(
    '/payments/:id/mark-success',
    {
      preHandler: app.authenticate,
      config: { organisationScope: paymentsScope },
      schema: {
        ...common,
        summary: 'Mark as paid: a Pending or Failed payment becomes Success (a Cancelled one: 409)',
        params: PaymentReferenceParams,
        response: { 200: PaymentRef, ...authErrors, ...errorResponses(409) },
      },
    },
    async (request) =>
      markPaid(ctx.db, scopedOrganisation(request), request.params.id, callerOf(request).id, ctx.clock.now(), auditActorOf(request)),
  );

  app.post(
    '/payments/:id/cancel',
    {
      preHandler: app.authenticateOrApiToken,
      config: { organisationScope: paymentsScope },
      schema: {
        ...common,
        summary:
          'Cancel a Pending payment: it becomes Cancelled, its checkout pages stop working and payment.cancelled goes out (otherwise 409)',
        params: PaymentReferenceParams,
        body: CancelPaymentBody,
        response: { 200: PaymentRef, ...authErrors, ...errorResponses(409) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return cancelPayment(ctx.db, scopedOrganisation(request), request.params.id, {
        actorUserId: caller.via === 'session' ? caller.id : null,
        reason: request.body?.reason,
        now: ctx.clock.now(),
        auditActor: auditActorOf(request),
      });
    },
  );

  app.get(
    '/payments/:id/receipt',
    {
      preHandler: app.authenticateOrApiToken,
      config: { organisationScope: paymentsScope },
      schema: {
        ...common,
        summary: 'The public, tokenised receipt URL of a successful payment',
        params: PaymentReferenceParams,
        response: { 200: UrlResponse, ...authErrors },
      },
    },
    async (request) => receiptLink(ctx.db, scopedOrganisation(request), request.params.id, ctx.publicUrl),
  );
  app.post(
    '/payments/:id/messages',
    {
      preHandler: app.authenticate,
      config: { organisationScope: paymentsScope },
      schema: {
        ...common,
        summary: 'E-mail the customer about a payment (the invoice or receipt link is appended); answers with the delivery outcome',
        params: PaymentReferenceParams,
        body: PaymentMessageBody,
        response: { 201: PaymentMessage, ...authErrors },
      },
    },
    async (request, reply) => {
      const message = await sendPaymentMessage(
        { db: ctx.db, clock: ctx.clock, mailer, publicUrl: ctx.publicUrl },
        scopedOrganisation(request),
        request.params.id,
        request.body,
        auditActorOf(request),
      );
      return reply.code(201).send(message);
    },
  );

  app.get(
    '/payments/:id/messages',
    {
      preHandler: app.authenticate,
      config: { organisationScope: paymentsScope },
      schema: {
        ...common,
        summary: 'The messages sent to the customer about a payment, newest first',
        params: PaymentReferenceParams,
        response: { 200: PaymentMessageList, ...authErrors },
      },
    },
    async (request) => listMessages(ctx.db, scopedOrganisation(request), request.params.id),
  );
};

export default paymentRoutes;
