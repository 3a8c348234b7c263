import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auditActorOf } from '../plugins/audit-actor.ts';
import { Bank, BankList, BankRef, CreateBankBody, UpdateBankBody } from '../../isomorphic/schemas/banks.ts';
import { MessageResponse, authErrors, IdParams } from '../../isomorphic/schemas/common.ts';
import { createBank, deleteBank, listBanks, updateBank, type BankContext } from '../services/banks/banks-service.ts';
import { scopedOrgId, type OrganisationScope } from '../plugins/organisation-scope.ts';

/** Bank CRUD for one scope: global (superadmin) or the caller's organisation. */
function bankScopeRoutes(prefix: string, organisationScope: OrganisationScope): FastifyPluginAsyncTypebox<{ ctx: BankContext }> {
  return async (app, { ctx }) => {
    const superadminOnly = organisationScope !== 'own';
    // The scope's hook (plugins/organisation-scope.ts) adds the superadmin check for the global and named scopes.
    const scoped = { preHandler: app.authenticate, config: { organisationScope } };
    const common = { tags: ['banks'], security: [{ bearer: [] }] };
    app.get(
      prefix,
      {
        ...scoped,
        schema: {
          ...common,
          summary: superadminOnly ? 'List global banks' : "List your organisation's banks",
          response: { 200: BankList, ...authErrors },
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
          body: CreateBankBody,
          response: { 201: BankRef, ...authErrors, 409: authErrors[400] },
        },
      },
      async (request, reply) => reply.code(201).send(await createBank(ctx, scopedOrgId(request), request.body, auditActorOf(request))),
    );
    app.patch(
      `${prefix}/:id`,
      {
        ...scoped,
        schema: {
          ...common,
          summary: 'Edit a bank (masked credentials in apiConfig keep their stored values)',
          params: IdParams,
          body: UpdateBankBody,
          response: { 200: BankRef, ...authErrors, 409: authErrors[400] },
        },
      },
      async (request) => updateBank(ctx, scopedOrgId(request), request.params.id, request.body, auditActorOf(request)),
    );
    app.delete(
      `${prefix}/:id`,
      {
        ...scoped,
        schema: { ...common, summary: 'Delete a bank', params: IdParams, response: { 200: MessageResponse, ...authErrors } },
      },
      async (request) => {
        await deleteBank(ctx, scopedOrgId(request), request.params.id, auditActorOf(request));
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
