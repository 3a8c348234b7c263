// Who may call each operation of the OpenAPI document: every operation carries `x-payrail-audience`, read from the
// route's own guard (a requireRole preHandler that admits no organisation user makes it 'superadmin'). The public
// API reference (/docs/api, /docs/openapi.json) keeps only the operations an organisation can call, so a route
// closed to organisations can never be documented publicly by mistake: its guard is the marker.
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { Role } from './services/auth/tokens.ts';

/** The OpenAPI extension naming an operation's audience. */
export const AUDIENCE_EXTENSION = 'x-payrail-audience';

/** 'organisation': an organisation's token or user, or nobody signed in; 'superadmin': platform superadmins only. */
export type OperationAudience = 'organisation' | 'superadmin';

const REQUIRED_ROLES = Symbol('payrail.requiredRoles');

type RoleGuard = { [REQUIRED_ROLES]?: readonly Role[] };

/** Tags a requireRole preHandler with the roles it admits. */
export function withRequiredRoles<T extends object>(guard: T, roles: readonly Role[]): T {
  return Object.assign(guard, { [REQUIRED_ROLES]: [...roles] });
}

/** The route's audience from its preHandlers: superadmin when some guard admits no organisation user. */
export function routeAudience(preHandler: unknown): OperationAudience {
  const handlers = Array.isArray(preHandler) ? (preHandler as unknown[]) : [preHandler];
  const closed = handlers.some((handler) => {
    const roles = (handler as RoleGuard | null | undefined)?.[REQUIRED_ROLES];
    return roles !== undefined && !roles.includes('orgadmin');
  });
  return closed ? 'superadmin' : 'organisation';
}

/** `/api/payments/:id` → `/api/payments/{id}`, as the document writes paths. */
const documentPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * @fastify/swagger's transform/transformObject pair that writes each operation's audience into the document.
 * One pair per app: it remembers the routes it has seen.
 */
export function openApiAudience(): { transform: SwaggerTransform; transformObject: SwaggerTransformObject } {
  const audiences = new Map<string, OperationAudience>();
  return {
    transform({ schema, url, route }) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) audiences.set(`${method.toLowerCase()} ${documentPath(url)}`, routeAudience(route.preHandler));
      return { schema, url };
    },
    transformObject(documentObject) {
      const document = 'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
      const paths = (document.paths ?? {}) as Record<string, Record<string, Record<string, unknown>>>;
      for (const [pathName, operations] of Object.entries(paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          // An operation whose route was not seen is kept out of the public reference (fail closed).
          operation[AUDIENCE_EXTENSION] = audiences.get(`${method} ${pathName}`) ?? 'superadmin';
        }
      }
      return document;
    },
  };
}
