import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets for these options, computed once (they do not depend on the request). */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error !== undefined) throw error instanceof Error ? error : new Error('helmet could not compute the security headers');
  });
  return headers;
}

/**
 * Helmet's security headers on every answer. @fastify/helmet rebuilds the helmet middleware on every request;
 * these headers are static, so they are computed once at start-up and copied onto each reply (pages that need
 * their own Content-Security-Policy set it over this one).
 */
export default fp<{ helmet: HelmetOptions }>(
  async function securityHeadersPlugin(app: FastifyInstance, options) {
    const headers = securityHeaders(options.helmet);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
