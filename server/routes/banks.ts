import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { DateTime, MessageResponse, OrNull, authErrors, IdParams } from '../../shared/schemas/common.ts';
import { callerOf } from '../plugins/auth.ts';
import { createBank, deleteBank, listBanks, updateBank, type BankContext } from '../services/banks/banks-service.ts';
import { ownOrgId } from './organisations.ts';

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
function bankScopeRoutes(
  prefix: string,
  scopeOf: (request: FastifyRequest) => number | null,
  superadminOnly: boolean,
): FastifyPluginAsyncTypebox<{ ctx: BankContext }> {
  return async (app, { ctx }) => {
    const guard = superadminOnly ? [app.authenticate, app.requireRole('superadmin')] : [app.authenticate];
    const BankRef = Type.Ref('Bank');
    const common = { tags: ['banks'], security: [{ bearer: [] }] };
    app.get(
      prefix,
      {
        preHandler: guard,
        schema: {
          ...common,
          summary: superadminOnly ? 'List global banks' : "List your organisation's banks",
          response: { 200: Type.Array(BankRef), ...authErrors },
        },
      },
      async (request) => listBanks(ctx, scopeOf(request)),
    );
    app.post(
      prefix,
      {
        preHandler: guard,
        schema: {
          ...common,
          summary: 'Create a bank (code upper-cased, unique in its scope)',
          body: CreateBody,
          response: { 201: BankRef, ...authErrors, 409: authErrors[400] },
        },
      },
      async (request, reply) => reply.code(201).send(await createBank(ctx, scopeOf(request), request.body)),
    );
    app.patch(
      `${prefix}/:id`,
      {
        preHandler: guard,
        schema: {
          ...common,
          summary: 'Edit a bank (masked credentials in apiConfig keep their stored values)',
          params: IdParams,
          body: UpdateBody,
          response: { 200: BankRef, ...authErrors, 409: authErrors[400] },
        },
      },
      async (request) => updateBank(ctx, scopeOf(request), request.params.id, request.body),
    );
    app.delete(
      `${prefix}/:id`,
      {
        preHandler: guard,
        schema: { ...common, summary: 'Delete a bank', params: IdParams, response: { 200: MessageResponse, ...authErrors } },
      },
      async (request) => {
        await deleteBank(ctx, scopeOf(request), request.params.id);
        return { message: 'Bank deleted.' };
      },
    );
  };
}

/** Global banks (/banks) and organisation banks (/organisations/my-organisation/banks). */
const bankRoutes: FastifyPluginAsyncTypebox<{ ctx: BankContext }> = async (app, options) => {
  app.addSchema(Bank);
  await app.register(
    bankScopeRoutes('/banks', () => null, true),
    options,
  );
  await app.register(
    bankScopeRoutes('/organisations/my-organisation/banks', (request) => ownOrgId(callerOf(request)), false),
    options,
  );
};

export default bankRoutes;
