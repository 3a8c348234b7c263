import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { callerOf } from '../plugins/auth.ts';
import { AnalystAnswer, AnalystQuestionBody } from '../../isomorphic/schemas/ai.ts';
import { authErrors } from '../../isomorphic/schemas/common.ts';
import { answerQuestion } from '../services/ai-analyst/analyst-service.ts';
import type { ModelConfig } from '../services/ai-analyst/model-client.ts';

/** The AI analyst: a plain-English question about the caller's payments → a summary and the matching payments. */
const aiRoutes: FastifyPluginAsyncTypebox<{ db: Database; clock: Clock; model?: ModelConfig | undefined }> = async (
  app,
  { db, clock, model },
) => {
  app.post(
    '/ai/query',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['ai'],
        security: [{ bearer: [] }],
        summary: "Ask a question about your organisation's payments (superadmin: all organisations, or orgId)",
        body: AnalystQuestionBody,
        response: {
          200: AnalystAnswer,
          ...authErrors,
        },
      },
    },
    async (request) => answerQuestion({ db, clock, model, log: request.log }, callerOf(request), request.body.query, request.body.orgId),
  );
};

export default aiRoutes;
