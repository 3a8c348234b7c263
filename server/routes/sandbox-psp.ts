import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../schemas/common.ts';
import { PAY_PAGE_CSP, renderPayPage } from '../services/sandbox-psp/pay-page.ts';
import {
  getSandboxTransaction,
  sandboxSecret,
  settleSandboxPayment,
  startSandboxTransaction,
  verifySandboxTransaction,
  type SandboxContext,
} from '../services/sandbox-psp/sandbox-service.ts';

const View = Type.Object({
  providerReference: Type.String(),
  reference: Type.String(),
  status: Type.String(),
  amount: Type.String(),
  currency: Type.String(),
  checkoutUrl: Type.String(),
});
const InitBody = Type.Object(
  {
    amount: Type.Union([Type.String({ maxLength: 40 }), Type.Number()]),
    currency: Type.String({ minLength: 3, maxLength: 3 }),
    reference: Type.String({ minLength: 1, maxLength: 100 }),
    customerEmail: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 320 })])),
    callbackUrl: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 2048 })])),
    notificationUrl: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 2048 })])),
  },
  { additionalProperties: true },
);
const ProviderReference = Type.Object({ providerReference: Type.String({ pattern: '^SBX-[0-9A-F]{12}$' }) });
const Html = Type.String({ description: 'text/html' });

/** The built-in Sandbox PSP: init, hosted pay page with Pay/Fail, signed webhook back, verify. */
const sandboxPspRoutes: FastifyPluginAsyncTypebox<{ ctx: Omit<SandboxContext, 'log'> }> = async (app, { ctx: base }) => {
  const ctx: SandboxContext = { ...base, log: app.log };
  const common = { tags: ['sandbox-psp'] };

  // The pay page's form posts application/x-www-form-urlencoded.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post(
    '/sandbox-psp/transactions',
    {
      schema: {
        ...common,
        summary: 'Sandbox PSP: start a transaction (Bearer = your sandbox secret key)',
        body: InitBody,
        response: { 201: View, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const secret = sandboxSecret(request.headers.authorization);
      const body = request.body;
      const view = await startSandboxTransaction(ctx, secret, {
        amount: String(body.amount),
        currency: body.currency,
        reference: body.reference,
        customerEmail: body.customerEmail ?? undefined,
        callbackUrl: body.callbackUrl ?? undefined,
        notificationUrl: body.notificationUrl ?? undefined,
      });
      return reply.code(201).send(view);
    },
  );

  app.get(
    '/sandbox-psp/transactions/:reference',
    {
      schema: {
        ...common,
        summary: 'Sandbox PSP: verify a transaction by merchant reference',
        params: Type.Object({ reference: Type.String({ maxLength: 100 }) }),
        response: { 200: View, ...errorResponses(401, 404) },
      },
    },
    async (request) => verifySandboxTransaction(ctx, sandboxSecret(request.headers.authorization), request.params.reference),
  );

  app.get(
    '/sandbox-psp/pay/:providerReference',
    {
      schema: {
        ...common,
        summary: 'Sandbox PSP: the hosted pay page',
        params: ProviderReference,
        response: { 200: Html, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const row = await getSandboxTransaction(ctx, request.params.providerReference);
      return reply.header('content-security-policy', PAY_PAGE_CSP).type('text/html; charset=utf-8').send(renderPayPage(row));
    },
  );

  app.post(
    '/sandbox-psp/pay/:providerReference',
    {
      bodyLimit: 4096,
      schema: {
        ...common,
        summary: 'Sandbox PSP: the payer pays or fails',
        params: ProviderReference,
        body: Type.Object({ outcome: Type.Union([Type.Literal('success'), Type.Literal('failed')]) }),
        response: { 200: Html, 303: Type.Null(), ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const { row, redirectTo } = await settleSandboxPayment(ctx, request.params.providerReference, request.body.outcome);
      if (redirectTo) return reply.redirect(redirectTo, 303);
      return reply
        .header('content-security-policy', PAY_PAGE_CSP)
        .type('text/html; charset=utf-8')
        .send(renderPayPage(row, 'You can close this page.'));
    },
  );
};

export default sandboxPspRoutes;
