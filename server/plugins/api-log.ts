import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock.ts';
import type { ApiLogBuffer } from '../services/api-log/api-log-buffer.ts';

const UNLOGGED = new Set(['/api/health']);

/** Records every /api request (method, path without query, status, duration, caller) through the buffer. */
export default fp<{ buffer: ApiLogBuffer; clock: Clock }>(
  async function apiLogPlugin(app: FastifyInstance, { buffer, clock }) {
    app.addHook('onResponse', async (request, reply) => {
      const path = request.url.split('?', 1)[0] ?? request.url;
      if (!path.startsWith('/api/') || UNLOGGED.has(path)) return;
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
    });
  },
  { name: 'api-log', dependencies: ['auth'] },
);
