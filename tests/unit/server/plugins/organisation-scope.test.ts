import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forbidden, unauthorized } from '../../../../server/errors.ts';
import type { AuthenticatedUser } from '../../../../server/plugins/auth.ts';
import errorsPlugin from '../../../../server/plugins/errors.ts';
import organisationScope, { scopedOrgId, type OrganisationScope } from '../../../../server/plugins/organisation-scope.ts';

const callers: Record<string, AuthenticatedUser> = {
  orgadmin: { id: 1, role: 'orgadmin', orgId: 10, email: 'a@example.com', name: 'A', via: 'session' },
  homeless: { id: 2, role: 'orgadmin', orgId: null, email: 'b@example.com', name: 'B', via: 'session' },
  superadmin: { id: 3, role: 'superadmin', orgId: null, email: 'c@example.com', name: 'C', via: 'session' },
};

/** The auth plugin's surface, with the caller named by the `x-caller` header. */
const fakeAuth = fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorate('authenticate', async (request) => {
      const caller = callers[String(request.headers['x-caller'])];
      if (!caller) throw unauthorized();
      request.user = caller;
    });
    app.decorate('authenticateOrApiToken', async () => {});
    app.decorate('requireRole', (...roles) => async (request) => {
      if (!request.user) throw unauthorized();
      if (!roles.includes(request.user.role)) throw forbidden();
    });
  },
  { name: 'auth' },
);

const scopes: Record<string, OrganisationScope> = {
  own: 'own',
  payments: { own: 'not-superadmin', superadminMessage: 'Superadmin: read-only.' },
  named: 'named',
  global: 'global',
  any: { own: 'or-superadmin-any' },
  'any-or-named': { own: 'or-superadmin-any', organisationQuery: 'organisationId' },
};

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  await app.register(errorsPlugin);
  await app.register(fakeAuth);
  await app.register(organisationScope);
  for (const [name, scope] of Object.entries(scopes)) {
    const path = scope === 'named' ? `/${name}/:id` : `/${name}`;
    app.get(
      path,
      {
        preHandler: app.authenticate,
        config: { organisationScope: scope },
        schema: {
          params: scope === 'named' ? { type: 'object', properties: { id: { type: 'integer' } } } : {},
          querystring: { type: 'object', properties: { organisationId: { type: 'integer' } } },
        },
      },
      async (request) => ({ orgId: scopedOrgId(request) }),
    );
  }
  app.get('/unscoped', { preHandler: app.authenticate }, async (request) => ({ orgId: scopedOrgId(request) }));
  await app.ready();
});
afterAll(() => app.close());

const call = async (url: string, caller?: string) => {
  const response = await app.inject({ method: 'GET', url, headers: caller ? { 'x-caller': caller } : {} });
  return { status: response.statusCode, body: response.json<{ orgId?: number | null; message?: string }>() };
};

describe('organisation scope declared per route', () => {
  it("resolves 'own' to the caller's organisation, and 404 for a caller without one", async () => {
    expect(await call('/own', 'orgadmin')).toEqual({ status: 200, body: { orgId: 10 } });
    expect(await call('/own', 'homeless')).toMatchObject({ status: 404, body: { message: 'You do not belong to an organisation.' } });
    expect((await call('/own')).status).toBe(401);
  });

  it('refuses a superadmin on an own-only route with the route’s message', async () => {
    expect(await call('/payments', 'orgadmin')).toEqual({ status: 200, body: { orgId: 10 } });
    expect(await call('/payments', 'superadmin')).toMatchObject({ status: 403, body: { message: 'Superadmin: read-only.' } });
    expect((await call('/payments', 'homeless')).status).toBe(404);
  });

  it("lets only a superadmin act on a 'named' organisation or the 'global' scope", async () => {
    expect(await call('/named/42', 'superadmin')).toEqual({ status: 200, body: { orgId: 42 } });
    expect((await call('/named/10', 'orgadmin')).status).toBe(403);
    expect(await call('/global', 'superadmin')).toEqual({ status: 200, body: { orgId: null } });
    expect((await call('/global', 'orgadmin')).status).toBe(403);
    expect((await call('/global')).status).toBe(401);
  });

  it("resolves 'or-superadmin-any' to the caller's organisation, and to any (null) for a superadmin", async () => {
    expect(await call('/any', 'orgadmin')).toEqual({ status: 200, body: { orgId: 10 } });
    expect(await call('/any', 'superadmin')).toEqual({ status: 200, body: { orgId: null } });
    expect((await call('/any', 'homeless')).status).toBe(404);
    expect((await call('/any')).status).toBe(401);
  });

  it('lets only a superadmin name an organisation in the query field of an or-superadmin-any scope', async () => {
    expect(await call('/any-or-named?organisationId=42', 'superadmin')).toEqual({ status: 200, body: { orgId: 42 } });
    expect(await call('/any-or-named', 'superadmin')).toEqual({ status: 200, body: { orgId: null } });
    expect(await call('/any-or-named', 'orgadmin')).toEqual({ status: 200, body: { orgId: 10 } });
    expect(await call('/any-or-named?organisationId=42', 'orgadmin')).toMatchObject({
      status: 400,
      body: { message: "organisationId is for superadmins; your own organisation's are listed." },
    });
  });

  it('fails loudly when a handler reads the scope of a route that declares none', async () => {
    expect((await call('/unscoped', 'orgadmin')).status).toBe(500);
  });
});
