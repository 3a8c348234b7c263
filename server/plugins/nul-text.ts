import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../errors.ts';

const NUL = '\u0000';

/** The path (`body.metadata.note`) of the first string in `value` that contains U+0000, or undefined. */
export function nulTextPath(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nulTextPath(item, Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`);
    if (found) return found;
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold U+0000: a request carrying it in a path parameter, the query string or a JSON body is
 * refused with a 400 that names the field, before any handler reads or writes anything (it used to reach the database
 * and fail there as a 500).
 */
export default fp(
  async function nulTextPlugin(app: FastifyInstance) {
    app.addHook('preValidation', (request, _reply, done) => {
      const path = nulTextPath(request.params, 'params') ?? nulTextPath(request.query, 'querystring') ?? nulTextPath(request.body, 'body');
      done(path ? badRequest(`${path} must not contain the NUL character (U+0000)`) : undefined);
    });
  },
  { name: 'nul-text' },
);
