import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auditActorOf } from '../plugins/audit-actor.ts';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { HttpError } from '../errors.ts';
import {
  BankCheckoutOptions,
  BankRedirect,
  CheckoutBody,
  CheckoutRedirect,
  CheckoutReferenceParams,
  CheckoutResponse,
  CheckoutTokenParams,
  RecordBody,
  RecordResponse,
  RecordTokenParams,
  SelectBankBody,
} from '../../isomorphic/schemas/checkout.ts';
import { errorResponses } from '../../isomorphic/schemas/common.ts';
import { IdempotencyHeaders } from '../../isomorphic/schemas/payments.ts';
import { renderBankCheckoutPage } from '../services/checkout/bank-page.ts';
import { renderCheckoutPage } from '../services/checkout/checkout-page.ts';
import {
  checkoutOrganisation,
  checkoutPaymentMethods,
  recordCompletedPayment,
  startCheckoutPayment,
} from '../services/checkout/public-payments.ts';
import { organisationIdByRecordToken } from '../services/organisations/public-urls.ts';
import { bankCheckoutOptions, selectBank } from '../services/payments/bank-checkout.ts';
import { withIdempotency } from '../services/payments/idempotency.ts';
import type { OrchestrationContext } from '../services/payments/orchestrator.ts';
import { renderNotFoundHtml } from '../services/receipts/render-html.ts';
import { sendPage } from './checkout-pages.ts';

const STARTED_NOWHERE = 'We could not reach the payment provider. Please try again in a moment.';

/** Whether the request came from one of the no-script customer pages (an HTML form post). */
const isFormPost = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');

const formValues = (body: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries((body ?? {}) as Record<string, unknown>)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([key, value]) => [key, value.slice(0, 500)]),
  );

/** The largest form or JSON body the public payment endpoints accept. */
const PUBLIC_BODY_LIMIT = 16 * 1024;

/**
 * The public payment endpoints (no sign-in): the hosted checkout's `POST /payment/checkout/{token}`,
 * the Record URL `POST /payment/record/{token}`, and bank checkout's options and bank choice. The
 * customer pages post HTML forms here and are answered with a redirect or the page with its error.
 */
const publicCheckoutRoutes: FastifyPluginAsyncTypebox<{ ctx: OrchestrationContext; perIpPerMinute: number; leaseMs: number }> = async (
  app,
  { ctx, perIpPerMinute, leaseMs },
) => {
  const perIp = { rateLimit: { max: perIpPerMinute, timeWindow: 60_000 } };
  // A limit per route rather than per parser, so that a 413 states the limit that applied (the errors plugin reads it).
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= PUBLIC_BODY_LIMIT;
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const checkoutPage = async (token: string, values: Record<string, string>, error: string) => {
    const organisation = await checkoutOrganisation(ctx.db, token);
    return renderCheckoutPage({
      token,
      organisation,
      methods: await checkoutPaymentMethods(ctx.db, organisation.id),
      values,
      isBankPayment: values['isBankPayment'] === 'true',
      error,
    });
  };

  app.post(
    '/payment/checkout/:token',
    {
      attachValidation: true,
      config: perIp,
      schema: {
        tags: ['checkout'],
        summary:
          "Start a customer's payment at the organisation's checkout URL (no sign-in): gateways by priority, or bank checkout with isBankPayment",
        params: CheckoutTokenParams,
        headers: IdempotencyHeaders,
        body: CheckoutBody,
        response: { 201: CheckoutResponse, 303: CheckoutRedirect, ...errorResponses(400, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const form = isFormPost(request);
      try {
        if (request.validationError) throw new HttpError(400, request.validationError.message);
        const organisation = await checkoutOrganisation(ctx.db, token);
        const outcome = await withIdempotency(
          ctx.db,
          { orgId: organisation.id, key: request.headers['idempotency-key'], body: request.body, clock: ctx.clock, leaseMs },
          async (claim) => {
            const input = { ...request.body, auditActor: auditActorOf(request, 'checkout') };
            const created = await startCheckoutPayment(ctx, token, input, claim);
            const checkoutUrl = created.gatewayInit?.ok ? created.gatewayInit.checkoutUrl : null;
            const body: Static<typeof CheckoutResponse> = {
              reference: created.payment.reference,
              status: created.payment.status,
              amount: created.payment.amount,
              amountMinor: created.payment.amountMinor,
              currency: created.payment.currency,
              checkoutUrl,
              bankCheckoutUrl: created.bankCheckoutUrl ?? null,
              invoiceUrl: `${ctx.publicUrl}/receipts/invoice/${created.payment.reference}`,
              error: checkoutUrl || created.bankCheckoutUrl ? null : STARTED_NOWHERE,
            };
            return { statusCode: 201, body };
          },
        );
        const body = outcome.body as Static<typeof CheckoutResponse>;
        if (!form) {
          if (outcome.replayed) void reply.header('idempotent-replayed', 'true');
          return reply.code(201).send(body);
        }
        const next = body.bankCheckoutUrl ?? body.checkoutUrl;
        if (next) return reply.code(303).header('location', next).type('text/html; charset=utf-8').send('');
        return sendPage(reply, 502, await checkoutPage(token, formValues(request.body), body.error ?? STARTED_NOWHERE));
      } catch (error) {
        if (!form || !(error instanceof HttpError)) throw error;
        if (error.statusCode === 404) return sendPage(reply, 404, renderNotFoundHtml(error.message));
        return sendPage(reply, error.statusCode, await checkoutPage(token, formValues(request.body), error.message));
      }
    },
  );

  app.post(
    '/payment/record/:token',
    {
      config: perIp,
      schema: {
        tags: ['checkout'],
        summary:
          'Record a payment completed elsewhere (Record URL, no sign-in): it is Success at once, numbered and receipted. Keep this URL secret.',
        params: RecordTokenParams,
        headers: IdempotencyHeaders,
        body: RecordBody,
        response: { 201: RecordResponse, ...errorResponses(400, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const orgId = await organisationIdByRecordToken(ctx.db, ctx.dataKey, request.params.token);
      if (orgId === undefined) throw new HttpError(404, 'This record URL is not valid (it may have been replaced by a newer one).');
      const outcome = await withIdempotency(
        ctx.db,
        { orgId, key: request.headers['idempotency-key'], body: request.body, clock: ctx.clock, leaseMs },
        async (claim) => {
          const input = { ...request.body, auditActor: auditActorOf(request, 'record-url') };
          const { payment, receiptUrl } = await recordCompletedPayment(ctx, request.params.token, input, claim);
          request.log.info({ orgId, reference: payment.reference, ip: request.ip }, 'payment recorded through the Record URL');
          const body: Static<typeof RecordResponse> = {
            reference: payment.reference,
            receiptNumber: payment.receiptNumber,
            receiptUrl,
            amount: payment.amount,
            amountMinor: payment.amountMinor,
            currency: payment.currency,
            status: payment.status,
            customerName: payment.customerName,
            customerEmail: payment.customerEmail,
            description: payment.description,
            paidAt: payment.paidAt,
          };
          return { statusCode: 201, body };
        },
      );
      if (outcome.replayed) void reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(outcome.body as Static<typeof RecordResponse>);
    },
  );

  app.get(
    '/checkout/banks/:reference/options',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Bank checkout: the payment, its status and the banks the customer may choose (no sign-in)',
        params: CheckoutReferenceParams,
        response: { 200: BankCheckoutOptions, ...errorResponses(404, 429) },
      },
    },
    async (request) => bankCheckoutOptions(ctx.db, request.params.reference),
  );

  app.post(
    '/checkout/banks/:reference/select',
    {
      attachValidation: true,
      config: perIp,
      schema: {
        tags: ['checkout'],
        summary: "Bank checkout: the customer's bank; its apiConfig starts the payment and gives the bank's page (no sign-in)",
        params: CheckoutReferenceParams,
        body: SelectBankBody,
        response: {
          200: BankRedirect,
          303: CheckoutRedirect,
          ...errorResponses(400, 404, 409, 429, 502),
        },
      },
    },
    async (request, reply) => {
      const { reference } = request.params;
      const form = isFormPost(request);
      try {
        if (request.validationError) throw new HttpError(400, 'Choose one of the banks listed.');
        const { redirectUrl } = await selectBank(ctx, reference, request.body.bankCode, auditActorOf(request, 'checkout'));
        if (!form) return { redirectUrl };
        return reply.code(303).header('location', redirectUrl).type('text/html; charset=utf-8').send('');
      } catch (error) {
        if (!form || !(error instanceof HttpError)) throw error;
        if (error.statusCode === 404) return sendPage(reply, 404, renderNotFoundHtml(error.message));
        return sendPage(reply, error.statusCode, renderBankCheckoutPage(await bankCheckoutOptions(ctx.db, reference), error.message));
      }
    },
  );
};

export default publicCheckoutRoutes;
