import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Clock } from '../clock.ts';
import { auditActorOf } from '../plugins/audit-actor.ts';
import type { Database } from '../db/client.ts';
import { scopedOrganisation } from '../plugins/organisation-scope.ts';
import { MessageResponse, authErrors, IdParams } from '../../isomorphic/schemas/common.ts';
import { CreateReceiptBatchBody, ReceiptBatch, ReceiptBatchList, ReceiptBatchRef } from '../../isomorphic/schemas/receipts.ts';
import { activateBatch, createBatch, deleteBatch, listBatches } from '../services/receipts/receipt-batches.ts';

/** Receipt numbering batches of the caller's organisation. */
const receiptBatchRoutes: FastifyPluginAsyncTypebox<{ db: Database; clock: Clock }> = async (app, { db, clock }) => {
  app.addSchema(ReceiptBatch);
  const common = { tags: ['receipts'], security: [{ bearer: [] }] };
  const withConflicts = { ...authErrors, 409: authErrors[400] };

  app.get(
    '/receipt-batches',
    {
      preHandler: app.authenticate,
      config: { organisationScope: 'own' },
      schema: { ...common, summary: 'Your receipt batches', response: { 200: ReceiptBatchList, ...authErrors } },
    },
    async (request) => listBatches(db, scopedOrganisation(request)),
  );
  app.post(
    '/receipt-batches',
    {
      preHandler: app.authenticate,
      config: { organisationScope: 'own' },
      schema: {
        ...common,
        summary: 'Create a receipt batch (inactive; startNumber defaults to 1, no endNumber = unbounded)',
        body: CreateReceiptBatchBody,
        response: { 201: ReceiptBatchRef, ...withConflicts },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createBatch(db, clock, scopedOrganisation(request), request.body, auditActorOf(request))),
  );
  app.patch(
    '/receipt-batches/:id/activate',
    {
      preHandler: app.authenticate,
      config: { organisationScope: 'own' },
      schema: {
        ...common,
        summary: 'Make this the only active batch',
        params: IdParams,
        response: { 200: ReceiptBatchRef, ...authErrors },
      },
    },
    async (request) => activateBatch(db, clock, scopedOrganisation(request), request.params.id, auditActorOf(request)),
  );
  app.delete(
    '/receipt-batches/:id',
    {
      preHandler: app.authenticate,
      config: { organisationScope: 'own' },
      schema: { ...common, summary: 'Delete a batch', params: IdParams, response: { 200: MessageResponse, ...authErrors } },
    },
    async (request) => {
      await deleteBatch(db, clock, scopedOrganisation(request), request.params.id, auditActorOf(request));
      return { message: 'Batch deleted.' };
    },
  );
};

export default receiptBatchRoutes;
