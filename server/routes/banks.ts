import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Bank, BankList, BankRef, CreateBankBody, UpdateBankBody } from '../../shared/schemas/banks.ts';
import { MessageResponse, authErrors, IdParams } from '../../shared/schemas/common.ts';
import { callerOf } from '../plugins/auth.ts';
import { createBank, deleteBank, listBanks, updateBank, type BankContext } from '../services/banks/banks-service.ts';
import { ownOrgId } from './organisations.ts';

/** Bank CRUD for one scope: global (superadmin) or the caller's organisation. */
function bankScopeRoutes(
  prefix: string,
  scopeOf: (request: FastifyRequest) => number | null,
  superadminOnly: boolean,
): FastifyPluginAsyncTypebox<{ ctx: BankContext }> {
  return async (app, { ctx }) => {
    const guard = superadminOnly ? [app.authenticate, app.requireRole('superadmin')] : [app.authenticate];
    const common = { tags: ['banks'], security: [{ bearer: [] }] };
    app.get(
      prefix,
      {
        preHandler: guard,
        schema: {
          ...common,
          summary: superadminOnly ? 'List global banks' : "List your organisation's banks",
          response: { 200: BankList, ...authErrors },
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
          body: CreateBankBody,
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
          body: UpdateBankBody,
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
