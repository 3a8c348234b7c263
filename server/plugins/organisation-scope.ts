import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest, forbidden, notFound } from '../errors.ts';
import { callerOf } from './auth.ts';

/**
 * The organisations a route acts on — the one tenancy rule, declared per route as `config: { organisationScope }`:
 * - `'own'`: the caller's own organisation; a caller without one gets 404.
 * - `{ own: 'not-superadmin', superadminMessage }`: the same, and a superadmin gets 403 with the message (payments,
 *   which a superadmin only reads, under another path).
 * - `{ own: 'or-superadmin-any', organisationQuery? }`: the caller's own organisation; a superadmin reads any
 *   organisation (null), or the one the optional query field `organisationQuery` names; anyone else naming one gets
 *   400. Reads across organisations: the payments list and export (with the query field), and reads that find their
 *   resource by a key unique across organisations, such as a payment reference (without it).
 * - `'named'`: the organisation of the path's `:id`; superadmins only (403 for others).
 * - `'global'`: no organisation (null): the global resources; superadmins only.
 */
export type OrganisationScope =
  | 'own'
  | 'named'
  | 'global'
  | { own: 'not-superadmin'; superadminMessage: string }
  | { own: 'or-superadmin-any'; organisationQuery?: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    organisationScope?: OrganisationScope;
  }
  interface FastifyRequest {
    /** Set by the organisation-scope hook of a route that declares `organisationScope`; null: global (or every one). */
    organisationScope: { orgId: number | null } | null;
  }
}

function resolveScope(scope: OrganisationScope, request: FastifyRequest): number | null {
  if (scope === 'global') return null;
  if (scope === 'named') return (request.params as { id: number }).id;
  const caller = callerOf(request);
  if (typeof scope === 'object' && scope.own === 'or-superadmin-any') {
    const field = scope.organisationQuery;
    const named = field === undefined ? undefined : (request.query as Record<string, unknown> | undefined)?.[field];
    if (caller.role === 'superadmin') return typeof named === 'number' ? named : null;
    if (named !== undefined) throw badRequest(`${field} is for superadmins; your own organisation's are listed.`);
  } else if (typeof scope === 'object' && caller.role === 'superadmin') throw forbidden(scope.superadminMessage);
  if (caller.orgId === null) throw notFound('You do not belong to an organisation.');
  return caller.orgId;
}

function scopeHandlers(app: FastifyInstance, scope: OrganisationScope): preHandlerAsyncHookHandler[] {
  const resolve: preHandlerAsyncHookHandler = async function resolveOrganisationScope(request) {
    request.organisationScope = { orgId: resolveScope(scope, request) };
  };
  return scope === 'named' || scope === 'global' ? [app.requireRole('superadmin'), resolve] : [resolve];
}

/** The organisation (null: global, or every organisation for a superadmin) the route's declared scope resolved to. */
export function scopedOrgId(request: FastifyRequest): number | null {
  if (!request.organisationScope) throw new Error(`${request.routeOptions.url ?? 'this route'} declares no organisationScope`);
  return request.organisationScope.orgId;
}

/** The organisation of a route scoped to one ('own' or 'named'). */
export function scopedOrganisation(request: FastifyRequest): number {
  const orgId = scopedOrgId(request);
  if (orgId === null) throw new Error(`${request.routeOptions.url ?? 'this route'} is scoped to no organisation`);
  return orgId;
}

/**
 * Resolves each request's organisation scope once, after the route's own preHandlers authenticated the caller: every
 * route declaring `config.organisationScope` gets the hook appended to its preHandlers when it is added (so register
 * this plugin after auth and before the routes).
 */
export default fp(
  async function organisationScopePlugin(app) {
    app.decorateRequest('organisationScope', null);
    app.addHook('onRoute', (route: RouteOptions) => {
      const scope = route.config?.organisationScope;
      if (!scope) return;
      const own = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
      route.preHandler = [...own, ...scopeHandlers(app, scope)];
    });
  },
  { name: 'organisation-scope', dependencies: ['auth'] },
);
