import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { MessageResponse, authErrors, IdParams } from '../../shared/schemas/common.ts';
import { ListOf, pageOf } from '../../shared/schemas/pagination.ts';
import { Country, CountryRef, CreateCountryBody, ReferenceListQuery, UpdateCountryBody } from '../../shared/schemas/reference.ts';
import { listCountries, removeCountry, saveCountry } from '../services/reference/reference-service.ts';

/** Countries: anyone signed in reads; superadmins create, edit, toggle and delete. */
const countryRoutes: FastifyPluginAsyncTypebox<{ db: Database; clock: Clock }> = async (app, { db, clock }) => {
  app.addSchema(Country);
  const superadmin = [app.authenticate, app.requireRole('superadmin')];
  const common = { tags: ['countries'], security: [{ bearer: [] }] };

  app.get(
    '/countries',
    {
      preHandler: app.authenticate,
      schema: {
        ...common,
        summary: 'List countries',
        querystring: ReferenceListQuery,
        response: { 200: ListOf(CountryRef), ...authErrors },
      },
    },
    async (request) =>
      listCountries(db, { ...pageOf(request.query), all: request.query.all ?? false, enabledOnly: request.query.enabled ?? false }),
  );
  app.post(
    '/countries',
    {
      preHandler: superadmin,
      schema: {
        ...common,
        summary: 'Create a country',
        body: CreateCountryBody,
        response: { 201: CountryRef, ...authErrors, 409: authErrors[400] },
      },
    },
    async (request, reply) => reply.code(201).send(await saveCountry(db, clock, undefined, request.body)),
  );
  app.patch(
    '/countries/:id',
    {
      preHandler: superadmin,
      schema: {
        ...common,
        summary: 'Edit or toggle a country',
        params: IdParams,
        body: UpdateCountryBody,
        response: { 200: CountryRef, ...authErrors, 409: authErrors[400] },
      },
    },
    async (request) => saveCountry(db, clock, request.params.id, request.body),
  );
  app.delete(
    '/countries/:id',
    {
      preHandler: superadmin,
      schema: {
        ...common,
        summary: 'Delete a country not used by any organisation',
        params: IdParams,
        response: { 200: MessageResponse, ...authErrors, 409: authErrors[400] },
      },
    },
    async (request) => {
      await removeCountry(db, request.params.id);
      return { message: 'Country deleted.' };
    },
  );
};

export default countryRoutes;
