import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { MessageResponse, authErrors, DateTime, IdParams } from '../../shared/schemas/common.ts';
import { ListOf, PageQuery, pageOf } from '../../shared/schemas/pagination.ts';
import { listCountries, removeCountry, saveCountry } from '../services/reference/reference-service.ts';

const Country = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    code: Type.String(),
    enabled: Type.Boolean(),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'Country' },
);
const CountryRef = Type.Ref('Country');
const Fields = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  code: Type.String({ minLength: 1, maxLength: 10 }),
  enabled: Type.Boolean(),
};
export const ReferenceListQuery = Type.Object(
  {
    ...PageQuery,
    all: Type.Optional(Type.Boolean({ description: 'every row, unpaged (for pickers)' })),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

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
        body: Type.Object(
          { name: Fields.name, code: Fields.code, enabled: Type.Optional(Fields.enabled) },
          { additionalProperties: false },
        ),
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
        body: Type.Object(
          { name: Type.Optional(Fields.name), code: Type.Optional(Fields.code), enabled: Type.Optional(Fields.enabled) },
          { additionalProperties: false },
        ),
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
