import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import {
  BankPageParams,
  CHECKOUT_PREFILL_FIELDS,
  CheckoutNotFoundPage,
  CheckoutPageParams,
  CheckoutPrefillQuery,
} from '../../isomorphic/schemas/checkout.ts';
import { HtmlPage } from '../../isomorphic/schemas/common.ts';
import type { Database } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import { renderBankCheckoutPage } from '../services/checkout/bank-page.ts';
import { renderCheckoutPage } from '../services/checkout/checkout-page.ts';
import { CHECKOUT_PAGE_CSP } from '../services/checkout/page-chrome.ts';
import { checkoutOrganisation, checkoutPaymentMethods } from '../services/checkout/public-payments.ts';
import { bankCheckoutOptions } from '../services/payments/bank-checkout.ts';
import { renderNotFoundHtml } from '../services/receipts/render-html.ts';

/** Sends a customer-facing checkout page with its CSP (no scripts) and no caching. */
export function sendPage(reply: FastifyReply, statusCode: number, html: string) {
  return reply
    .code(statusCode)
    .header('content-security-policy', CHECKOUT_PAGE_CSP)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** The customer-facing pages: the hosted checkout `/pay/{token}` and bank checkout `/checkout/banks/{reference}`. */
const checkoutPageRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const common = { tags: ['checkout'] };
  const notFoundPage = (reply: FastifyReply, error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 404) return sendPage(reply, 404, renderNotFoundHtml(error.message));
    throw error;
  };

  app.get(
    '/pay/:token',
    {
      schema: {
        ...common,
        summary: "The organisation's hosted checkout page; amount, currency, description and customer fields may be prefilled by query",
        params: CheckoutPageParams,
        querystring: CheckoutPrefillQuery,
        response: { 200: HtmlPage, 404: CheckoutNotFoundPage },
      },
    },
    async (request, reply) => {
      try {
        const organisation = await checkoutOrganisation(db, request.params.token);
        const values = Object.fromEntries(
          CHECKOUT_PREFILL_FIELDS.flatMap((name) => (typeof request.query[name] === 'string' ? [[name, request.query[name]]] : [])),
        );
        const html = renderCheckoutPage({
          token: request.params.token,
          organisation,
          methods: await checkoutPaymentMethods(db, organisation.id),
          values,
        });
        return sendPage(reply, 200, html);
      } catch (error) {
        return notFoundPage(reply, error);
      }
    },
  );

  app.get(
    '/checkout/banks/:reference',
    {
      schema: {
        ...common,
        summary: 'The bank checkout page of a bank payment: choose a bank, see the status when you come back',
        params: BankPageParams,
        response: { 200: HtmlPage, 404: CheckoutNotFoundPage },
      },
    },
    async (request, reply) => {
      try {
        return sendPage(reply, 200, renderBankCheckoutPage(await bankCheckoutOptions(db, request.params.reference)));
      } catch (error) {
        return notFoundPage(reply, error);
      }
    },
  );
};

export default checkoutPageRoutes;
