import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../errors.ts';
import { errorResponses } from '../../isomorphic/schemas/common.ts';
import { PspCallbackParams, PspCallbackReceived } from '../../isomorphic/schemas/providers.ts';
import { auditActorOf } from '../plugins/audit-actor.ts';
import { handlePspCallback, type CallbackContext } from '../services/psp-callbacks/psp-callback.ts';

/** The largest PSP callback body accepted; the route's 413 states it. */
export const PSP_CALLBACK_BODY_LIMIT = 256 * 1024;

/** Inbound PSP callbacks: the raw body is kept for signature checks. */
const pspWebhookRoutes: FastifyPluginAsyncTypebox<{ ctx: CallbackContext; perIpPerMinute: number }> = async (
  app,
  { ctx, perIpPerMinute },
) => {
  // Inside this plugin every body stays the exact text the PSP signed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/webhooks/psp/:provider',
    {
      bodyLimit: PSP_CALLBACK_BODY_LIMIT,
      config: { rateLimit: { max: perIpPerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['webhooks'],
        summary: 'PSP callback: located by reference, HMAC-verified with the payment gateway, status applied once',
        params: PspCallbackParams,
        response: { 200: PspCallbackReceived, ...errorResponses(400, 401, 404, 413, 429) },
      },
    },
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const outcome = await handlePspCallback(ctx, request.params.provider, raw, request.headers, auditActorOf(request, 'psp-callback'));
      if (outcome.httpStatus !== 200) throw new HttpError(outcome.httpStatus, outcome.message);
      return {
        received: true,
        status: outcome.status,
        message: outcome.message,
        ...(outcome.paymentStatus ? { paymentStatus: outcome.paymentStatus } : {}),
      };
    },
  );
};

export default pspWebhookRoutes;
