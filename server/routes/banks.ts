import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DateTime, MessageResponse, OrNull, authErrors, IdParams } from '../schemas/common.ts';
import { createBank, deleteBank, listBanks, updateBank, type BankContext } from '../services/banks/banks-service.ts';
import { scopedOrgId, type OrganisationScope } from '../plugins/organisation-scope.ts';

const Bank = Type.Object(
  {
    id: Type.Integer(),
    orgId: OrNull(Type.Integer()),
    code: Type.String(),
    name: Type.String(),
    logoUrl: OrNull(Type.String()),
    apiConfig: Type.Unknown({ description: 'credentials (settings values, literal auth values) as masked hints' }),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'Bank' },
);
const fields = {
  code: Type.String({ minLength: 1, maxLength: 40 }),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  logoUrl: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 2048 })])),
  apiConfig: Type.Unknown({
    description: 'the same JSON as a gateway config: baseUrl, auth, webhook, init, verify; a masked credential keeps the stored one',
  }),
};
const CreateBody = Type.Object(fields, { additionalProperties: false });
const UpdateBody = Type.Object(
  {
    code: Type.Optional(fields.code),
    name: Type.Optional(fields.name),
    logoUrl: fields.logoUrl,
    apiConfig: Type.Optional(fields.apiConfig),
  },
  { additionalProperties: false },
);

/** Bank CRUD for one scope: global (superadmin) or the caller's organisation. */
function bankScopeRoutes(prefix: string, organisationScope: OrganisationScope): FastifyPluginAsyncTypebox<{ ctx: BankContext }> {
  return async (app, { ctx }) => {
    const superadminOnly = organisationScope !== 'own';
    // The scope's hook (plugins/organisation-scope.ts) adds the superadmin check for the global and named scopes.
    const scoped = { preHandler: app.authenticate, config: { organisationScope } };
    const BankRef = Type.Ref('Bank');
    const common = { tags: ['banks'], security: [{ bearer: [] }] };
    app.get(
      prefix,
      {
        ...scoped,
        schema: {
          ...common,
          summary: superadminOnly ? 'List global banks' : "List your organisation's banks",
          response: { 200: Type.Array(BankRef), ...authErrors },
        },
      },
      async (request) => listBanks(ctx, scopedOrgId(request)),
    );
    app.post(
      prefix,
      {
        ...scoped,
        schema: {
          ...common,
          summary: 'Create a bank (code upper-cased, unique in its scope)',
          body: CreateBody,
          response: { 201: BankRef, ...authErrors, 409: authErrors[400] },
        },
      },
      async (request, reply) => reply.code(201).send(await createBank(ctx, scopedOrgId(request), request.body)),
    );
    app.patch(
      `${prefix}/:id`,
      {
        ...scoped,
        schema: {
          ...common,
          summary: 'Edit a bank (masked credentials in apiConfig keep their stored values)',
          params: IdParams,
          body: UpdateBody,
          response: { 200: BankRef, ...authErrors, 409: authErrors[400] },
        },
      },
      async (request) => updateBank(ctx, scopedOrgId(request), request.params.id, request.body),
    );
    app.delete(
      `${prefix}/:id`,
      {
        ...scoped,
        schema: { ...common, summary: 'Delete a bank', params: IdParams, response: { 200: MessageResponse, ...authErrors } },
      },
      async (request) => {
        await deleteBank(ctx, scopedOrgId(request), request.params.id);
        return { message: 'Bank deleted.' };
      },
    );
  };
}

/** Global banks (/banks) and organisation banks (/organisations/my-organisation/banks). */
const bankRoutes: FastifyPluginAsyncTypebox<{ ctx: BankContext }> = async (app, options) => {
  app.addSchema(Bank);
  await app.register(bankScopeRoutes('/banks', 'global'), options);
  await app.register(bankScopeRoutes('/organisations/my-organisation/banks', 'own'), options);
};

export default bankRoutes;
