import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database, DatabaseKind } from '../db/client.ts';
import { Health } from '../../isomorphic/schemas/health.ts';

/** GET /api/health: 200 when the database answers, 503 when it does not. */
const healthRoutes: FastifyPluginAsyncTypebox<{ db: Database; kind: DatabaseKind }> = async (app, { db, kind }) => {
  app.get(
    '/health',
    { schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: Health, 503: Health } } },
    async (request, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { status: 'ok' as const, database: 'ok' as const, engine: kind };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'unavailable' as const, database: 'unreachable' as const, engine: kind });
      }
    },
  );
};

export default healthRoutes;
