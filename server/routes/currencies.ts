import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { MessageResponse, authErrors, IdParams } from '../../shared/schemas/common.ts';
import { ListOf, pageOf } from '../../shared/schemas/pagination.ts';
import { listCurrencies, removeCurrency, saveCurrency } from '../services/reference/reference-service.ts';
import { CreateCurrencyBody, Currency, CurrencyRef, ReferenceListQuery, UpdateCurrencyBody } from '../../shared/schemas/reference.ts';

/** Currencies: anyone signed in reads; superadmins create, edit, toggle and delete. */
const currencyRoutes: FastifyPluginAsyncTypebox<{ db: Database; clock: Clock }> = async (app, { db, clock }) => {
  app.addSchema(Currency);
  const superadmin = [app.authenticate, app.requireRole('superadmin')];
  const common = { tags: ['currencies'], security: [{ bearer: [] }] };

  app.get(
    '/currencies',
    {
      preHandler: app.authenticate,
      schema: {
        ...common,
        summary: 'List currencies',
        querystring: ReferenceListQuery,
        response: { 200: ListOf(CurrencyRef), ...authErrors },
      },
    },
    async (request) =>
      listCurrencies(db, { ...pageOf(request.query), all: request.query.all ?? false, enabledOnly: request.query.enabled ?? false }),
  );
  app.post(
    '/currencies',
    {
      preHandler: superadmin,
      schema: {
        ...common,
        summary: 'Create a currency (base unit defaults to 100)',
        body: CreateCurrencyBody,
        response: { 201: CurrencyRef, ...authErrors, 409: authErrors[400] },
      },
    },
    async (request, reply) => reply.code(201).send(await saveCurrency(db, clock, undefined, request.body)),
  );
  app.patch(
    '/currencies/:id',
    {
      preHandler: superadmin,
      schema: {
        ...common,
        summary: 'Edit or toggle a currency',
        params: IdParams,
        body: UpdateCurrencyBody,
        response: { 200: CurrencyRef, ...authErrors, 409: authErrors[400] },
      },
    },
    async (request) => saveCurrency(db, clock, request.params.id, request.body),
  );
  app.delete(
    '/currencies/:id',
    {
      preHandler: superadmin,
      schema: {
        ...common,
        summary: 'Delete a currency no organisation uses',
        params: IdParams,
        response: { 200: MessageResponse, ...authErrors, 409: authErrors[400] },
      },
    },
    async (request) => {
      await removeCurrency(db, request.params.id);
      return { message: 'Currency deleted.' };
    },
  );
};

export default currencyRoutes;
