import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../isomorphic/schemas/common.ts';
import {
  SandboxInitBody,
  SandboxPayPage,
  SandboxProviderReferenceParams,
  SandboxRefund,
  SandboxRefundBody,
  SandboxRefundStatus,
  SandboxRefundStatusParams,
  SandboxSettleBody,
  SandboxSettleRedirect,
  SandboxTransaction,
  SandboxVerifyParams,
} from '../../isomorphic/schemas/sandbox-psp.ts';
import { PAY_PAGE_CSP, renderPayPage } from '../services/sandbox-psp/pay-page.ts';
import { authorisedSandboxKey } from '../services/sandbox-psp/sandbox-access.ts';
import {
  cancelledByMerchant,
  getSandboxTransaction,
  refundSandboxTransaction,
  sandboxRefundStatus,
  SANDBOX_CANCELLED_NOTICE,
  settleSandboxPayment,
  startSandboxTransaction,
  verifySandboxTransaction,
  type SandboxContext,
} from '../services/sandbox-psp/sandbox-service.ts';

interface Options {
  ctx: Omit<SandboxContext, 'log'>;
  /** Per IP and route: its pages are public and every call reads the database. */
  perIpPerMinute: number;
}

/**
 * The built-in Sandbox PSP: init, hosted pay page with Pay/Fail, signed webhook back, verify, refund. Only the keys of
 * gateways and banks set up for it are accepted; registered only while SANDBOX_PSP is on.
 */
const sandboxPspRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { ctx: base, perIpPerMinute }) => {
  const ctx: SandboxContext = { ...base, log: app.log };
  const common = { tags: ['sandbox-psp'] };
  const config = { rateLimit: { max: perIpPerMinute, timeWindow: 60_000 } };

  // The pay page's form posts application/x-www-form-urlencoded.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post(
    '/sandbox-psp/transactions',
    {
      config,
      schema: {
        ...common,
        summary: 'Sandbox PSP: start a transaction (Bearer = the secret key of a gateway or bank set up for the sandbox)',
        body: SandboxInitBody,
        response: { 201: SandboxTransaction, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const secret = await authorisedSandboxKey(ctx, request.headers.authorization);
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
      config,
      schema: {
        ...common,
        summary: 'Sandbox PSP: verify a transaction by merchant reference',
        params: SandboxVerifyParams,
        response: { 200: SandboxTransaction, ...errorResponses(401, 404, 429) },
      },
    },
    async (request) =>
      verifySandboxTransaction(ctx, await authorisedSandboxKey(ctx, request.headers.authorization), request.params.reference),
  );

  app.post(
    '/sandbox-psp/refunds',
    {
      config,
      schema: {
        ...common,
        summary:
          'Sandbox PSP: refund a paid transaction (amount in minor units; one ending in 13, e.g. 5.13, is declined; in 17, answered pending; in 19, answered pending and settled by a signed callback)',
        body: SandboxRefundBody,
        response: { 200: SandboxRefund, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) =>
      refundSandboxTransaction(ctx, await authorisedSandboxKey(ctx, request.headers.authorization), {
        transaction: request.body.transaction,
        amountMinor: request.body.amountMinor,
        reference: request.body.reference,
      }),
  );

  app.get(
    '/sandbox-psp/transactions/:reference/refunds/:refundReference',
    {
      config,
      schema: {
        ...common,
        summary: "Sandbox PSP: a refund's status (the refund verify: a refund answered pending has completed)",
        params: SandboxRefundStatusParams,
        response: { 200: SandboxRefundStatus, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) =>
      sandboxRefundStatus(
        ctx,
        await authorisedSandboxKey(ctx, request.headers.authorization),
        request.params.reference,
        request.params.refundReference,
      ),
  );

  app.get(
    '/sandbox-psp/pay/:providerReference',
    {
      config,
      schema: {
        ...common,
        summary: 'Sandbox PSP: the hosted pay page',
        params: SandboxProviderReferenceParams,
        response: { 200: SandboxPayPage, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const row = await getSandboxTransaction(ctx, request.params.providerReference);
      const page = (await cancelledByMerchant(ctx, row))
        ? renderPayPage(row, SANDBOX_CANCELLED_NOTICE, { closed: true })
        : renderPayPage(row);
      return reply.header('content-security-policy', PAY_PAGE_CSP).type('text/html; charset=utf-8').send(page);
    },
  );

  app.post(
    '/sandbox-psp/pay/:providerReference',
    {
      config,
      bodyLimit: 4096,
      schema: {
        ...common,
        summary: 'Sandbox PSP: the payer pays or fails (sent back only to this server or a URL its organisation registered)',
        params: SandboxProviderReferenceParams,
        body: SandboxSettleBody,
        response: { 200: SandboxPayPage, 303: SandboxSettleRedirect, ...errorResponses(400, 404, 409, 429) },
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
