import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock.ts';
import { evenSampler, isSuccessfulRead } from '../request-log-policy.ts';
import type { ApiLogBuffer } from '../services/api-log/api-log-buffer.ts';

const UNLOGGED = new Set(['/api/health']);

export interface ApiLogPluginOptions {
  buffer: ApiLogBuffer;
  clock: Clock;
  /** Share (0–1) of successful reads recorded; state-changing requests and failures always are (API_LOG_READS). */
  reads: number;
}

/**
 * Records /api requests (method, path without query, status, duration, caller) through the buffer: every
 * state-changing request and every failure, and `reads` of the successful reads, which are most of the traffic
 * and tell an administrator least (docs/configuration.md#request-logging).
 */
export default fp<ApiLogPluginOptions>(
  async function apiLogPlugin(app: FastifyInstance, { buffer, clock, reads }) {
    const keepRead = evenSampler(reads);
    app.addHook('onResponse', (request, reply, done) => {
      const url = request.url;
      const query = url.indexOf('?');
      const path = query === -1 ? url : url.slice(0, query);
      if (path.startsWith('/api/') && !UNLOGGED.has(path) && (!isSuccessfulRead(request.method, reply.statusCode) || keepRead())) {
        buffer.add({
          createdAt: clock.now(),
          method: request.method,
          // Query strings can hold tokens and search terms: never logged.
          endpoint: path.slice(0, 2048),
          statusCode: reply.statusCode,
          durationMs: Math.round(reply.elapsedTime),
          userId: request.user?.id ?? null,
          orgId: request.user?.orgId ?? null,
        });
      }
      done();
    });
  },
  { name: 'api-log', dependencies: ['auth'] },
);
