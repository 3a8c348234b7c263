import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Clock } from '../clock.ts';
import { auditActorOf } from '../plugins/audit-actor.ts';
import type { Database } from '../db/client.ts';
import { MessageResponse, authErrors, IdParams } from '../../isomorphic/schemas/common.ts';
import { Provider, ProviderBody, ProviderConstraints, ProviderList, ProviderRef } from '../../isomorphic/schemas/providers.ts';
import { createProvider, listProviderCatalogue, providerConstraints, removeProvider } from '../services/providers/providers-service.ts';

/** The PSP catalogue (superadmin) and the credential constraints per provider (everyone signed in). */
const pspRoutes: FastifyPluginAsyncTypebox<{ db: Database; clock: Clock }> = async (app, { db, clock }) => {
  app.addSchema(Provider);
  const superadmin = [app.authenticate, app.requireRole('superadmin')];
  const common = { tags: ['providers'], security: [{ bearer: [] }] };

  app.get(
    '/psp',
    {
      preHandler: superadmin,
      schema: { ...common, summary: 'The provider catalogue', response: { 200: ProviderList, ...authErrors } },
    },
    async () => listProviderCatalogue(db),
  );
  app.post(
    '/psp',
    {
      preHandler: superadmin,
      schema: {
        ...common,
        summary: 'Add a provider',
        body: ProviderBody,
        response: { 201: ProviderRef, ...authErrors, 409: authErrors[400] },
      },
    },
    async (request, reply) => reply.code(201).send(await createProvider(db, clock, request.body, auditActorOf(request))),
  );
  app.delete(
    '/psp/:id',
    {
      preHandler: superadmin,
      schema: {
        ...common,
        summary: 'Remove a provider no gateway uses',
        params: IdParams,
        response: { 200: MessageResponse, ...authErrors, 409: authErrors[400] },
      },
    },
    async (request) => {
      await removeProvider(db, clock, request.params.id, auditActorOf(request));
      return { message: 'Provider removed.' };
    },
  );
  app.get(
    '/gateways/providers/constraints',
    {
      preHandler: app.authenticate,
      schema: {
        ...common,
        summary: 'Required and optional credentials per provider name',
        response: { 200: ProviderConstraints, ...authErrors },
      },
    },
    async () => providerConstraints(db),
  );
};

export default pspRoutes;
