import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authErrors } from '../../isomorphic/schemas/common.ts';
import { Payment, PaymentReferenceParams, PaymentTimeline } from '../../isomorphic/schemas/payments.ts';
import type { Database } from '../db/client.ts';
import { scopedOrgId } from '../plugins/organisation-scope.ts';
import { paymentTimeline } from '../services/payments/payment-timeline.ts';

/** The payment detail page's one read: a payment's timeline, for its organisation's users and for superadmins. */
const paymentTimelineRoutes: FastifyPluginAsyncTypebox<{ db: Database; publicUrl: string }> = async (app, { db, publicUrl }) => {
  if (!app.getSchema('Payment')) app.addSchema(Payment);
  app.get(
    '/payments/:id/timeline',
    {
      preHandler: app.authenticate,
      // A superadmin reads any organisation's payment (references are unique across organisations).
      config: { organisationScope: { own: 'or-superadmin-any' } },
      schema: {
        tags: ['payments'],
        security: [{ bearer: [] }],
        summary:
          'One payment as a timeline: its fields, status history with causes, gateway attempts, PSP callbacks, outbound deliveries with every attempt, messages, invoice and receipt links',
        params: PaymentReferenceParams,
        response: { 200: PaymentTimeline, ...authErrors },
      },
    },
    async (request) => paymentTimeline(db, scopedOrgId(request), request.params.id, publicUrl),
  );
};

export default paymentTimelineRoutes;
