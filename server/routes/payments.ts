import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { notFound } from '../errors.ts';
import { callerOf } from '../plugins/auth.ts';
import { scopedOrganisation, type OrganisationScope } from '../plugins/organisation-scope.ts';
import { DateTime, Email, OrNull, authErrors, errorResponses, IdParams } from '../schemas/common.ts';
import { ListOf, PageQuery, pageOf } from '../schemas/pagination.ts';
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
import { findOrganisation } from '../services/organisations/organisations-repository.ts';

const Attempt = Type.Object({
  gateway: Type.String(),
  outcome: Type.String(),
  httpStatus: OrNull(Type.Integer()),
  durationMs: Type.Integer(),
  error: OrNull(Type.String()),
  at: DateTime,
});
const Payment = Type.Object(
  {
    id: Type.String({ description: 'the payment reference' }),
    reference: Type.String(),
    receiptNumber: OrNull(Type.String()),
    amount: Type.String({ description: 'decimal in major units' }),
    amountMinor: Type.Integer(),
    currency: Type.String(),
    status: Type.String({ description: 'Pending, Success or Failed' }),
    customerName: Type.String(),
    customerEmail: Type.String(),
    customerPhone: OrNull(Type.String()),
    description: Type.String(),
    metadata: Type.Unknown(),
    processViaGateway: Type.Boolean(),
    isBankPayment: Type.Boolean(),
    gateway: OrNull(Type.String()),
    providerReference: OrNull(Type.String()),
    date: DateTime,
    createdAt: DateTime,
    paidAt: OrNull(DateTime),
    attempts: Type.Optional(Type.Array(Attempt)),
  },
  { $id: 'Payment' },
);
const PaymentRef = Type.Unsafe<Static<typeof Payment>>(Type.Ref('Payment'));
const GatewayInit = Type.Object({
  ok: Type.Boolean(),
  gateway: OrNull(Type.String()),
  provider: OrNull(Type.String()),
  checkoutUrl: OrNull(Type.String()),
  providerReference: OrNull(Type.String()),
  error: OrNull(Type.String()),
});
const CreateBody = Type.Object(
  {
    amount: Type.Union([Type.String({ maxLength: 30 }), Type.Number()], { description: 'decimal in major units, e.g. "12.50"' }),
    currency: Type.Optional(Type.String({ minLength: 3, maxLength: 3 })),
    customerName: Type.String({ minLength: 1, maxLength: 200 }),
    customerEmail: Email,
    customerPhone: Type.Optional(Type.String({ maxLength: 40 })),
    description: Type.String({ minLength: 1, maxLength: 500 }),
    metadata: Type.Optional(Type.Record(Type.String({ maxLength: 50 }), Type.String({ maxLength: 500 }), { maxProperties: 20 })),
    processViaGateway: Type.Optional(Type.Boolean()),
    isBankPayment: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
const CreateResponse = Type.Object({
  ...Payment.properties,
  gatewayInit: Type.Optional(GatewayInit),
  bankCheckoutUrl: Type.Optional(Type.String({ description: 'bank payments: the page where the customer chooses a bank' })),
});
const ListQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(Type.Union([Type.Literal('Pending'), Type.Literal('Success'), Type.Literal('Failed')])),
    from: Type.Optional(Type.String({ format: 'date-time', description: 'created at or after' })),
    to: Type.Optional(Type.String({ format: 'date-time', description: 'created before' })),
    search: Type.Optional(Type.String({ maxLength: 200, description: 'reference, customer name or e-mail' })),
  },
  { additionalProperties: false },
);
const Message = Type.Object({
  id: Type.Integer(),
  to: Type.String(),
  subject: Type.String(),
  body: Type.String({ description: 'the text sent, with the invoice or receipt link appended' }),
  status: Type.String({ description: 'sent, logged (no SMTP configured), failed or pending' }),
  error: OrNull(Type.String()),
  createdAt: DateTime,
  sentAt: OrNull(DateTime),
});
const MessageBody = Type.Object(
  { subject: Type.String({ minLength: 1, maxLength: 200 }), body: Type.String({ minLength: 1, maxLength: 5000 }) },
  { additionalProperties: false },
);
const ReferenceParams = Type.Object({ id: Type.String({ pattern: '^PAY-[0-9A-Z]{16}$', description: 'payment reference' }) });

/** Payments act on the caller's own organisation; superadmins are read-only elsewhere. */
const paymentsScope: OrganisationScope = {
  own: 'not-superadmin',
  superadminMessage: 'Superadmin: read-only. Use /organisations/{id}/payments to view payments.',
};

const filtersOf = (query: Static<typeof ListQuery>) => ({
  status: query.status,
  from: query.from ? new Date(query.from) : undefined,
  to: query.to ? new Date(query.to) : undefined,
  search: query.search,
});

/** The create-payment response: the payment, and where to send the customer next. */
export function createdBody(created: CreatedPayment): Static<typeof CreateResponse> {
  return {
    ...created.payment,
    ...(created.gatewayInit ? { gatewayInit: created.gatewayInit } : {}),
    ...(created.bankCheckoutUrl ? { bankCheckoutUrl: created.bankCheckoutUrl } : {}),
  };
}

/** Payments: create (console or API token, idempotent), list, view, mark as paid, receipt link. */
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
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ maxLength: 200 })) }),
        body: CreateBody,
        response: { 201: CreateResponse, ...authErrors, ...errorResponses(409, 422) },
      },
    },
    async (request, reply) => {
      const orgId = scopedOrganisation(request);
      const caller = callerOf(request);
      const outcome = await withIdempotency(
        ctx.db,
        { orgId, key: request.headers['idempotency-key'], body: request.body, clock: ctx.clock, leaseMs },
        async (claim) => {
          const created = await createPayment(ctx, orgId, caller.via === 'session' ? caller.id : null, request.body, claim);
          return { statusCode: 201, body: createdBody(created) };
        },
      );
      if (outcome.replayed) void reply.header('idempotent-replayed', 'true');
      return reply.code(outcome.statusCode as 201).send(outcome.body as Static<typeof CreateResponse>);
    },
  );

  app.get(
    '/payments',
    {
      preHandler: app.authenticateOrApiToken,
      config: { organisationScope: paymentsScope },
      schema: {
        ...common,
        summary: "Your organisation's payments, newest first (filters: status, from, to, search)",
        querystring: ListQuery,
        response: { 200: ListOf(PaymentRef), ...authErrors },
      },
    },
    async (request) => listPayments(ctx.db, scopedOrganisation(request), filtersOf(request.query), pageOf(request.query)),
  );

  app.get(
    '/payments/:id',
    {
      preHandler: app.authenticateOrApiToken,
      config: { organisationScope: paymentsScope },
      schema: {
        ...common,
        summary: 'One payment with its gateway attempts',
        params: ReferenceParams,
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
        querystring: ListQuery,
        response: { 200: ListOf(PaymentRef), ...authErrors },
      },
    },
    async (request) => {
      if (!(await findOrganisation(ctx.db, request.params.id))) throw notFound('Organisation not found.');
      return listPayments(ctx.db, request.params.id, filtersOf(request.query), pageOf(request.query));
    },
  );

  app.patch(
    '/payments/:id/mark-success',
    {
      preHandler: app.authenticate,
      config: { organisationScope: paymentsScope },
      schema: {
        ...common,
        summary: 'Mark as paid: a Pending or Failed payment becomes Success',
        params: ReferenceParams,
        response: { 200: PaymentRef, ...authErrors },
      },
    },
    async (request) => markPaid(ctx.db, scopedOrganisation(request), request.params.id, callerOf(request).id, ctx.clock.now()),
  );

  app.get(
    '/payments/:id/receipt',
    {
      preHandler: app.authenticateOrApiToken,
      config: { organisationScope: paymentsScope },
      schema: {
        ...common,
        summary: 'The public, tokenised receipt URL of a successful payment',
        params: ReferenceParams,
        response: { 200: Type.Object({ url: Type.String() }), ...authErrors },
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
        params: ReferenceParams,
        body: MessageBody,
        response: { 201: Message, ...authErrors },
      },
    },
    async (request, reply) => {
      const message = await sendPaymentMessage(
        { db: ctx.db, mailer, publicUrl: ctx.publicUrl },
        scopedOrganisation(request),
        request.params.id,
        request.body,
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
        params: ReferenceParams,
        response: { 200: Type.Array(Message), ...authErrors },
      },
    },
    async (request) => listMessages(ctx.db, scopedOrganisation(request), request.params.id),
  );
};

export default paymentRoutes;
