import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { callerOf } from '../plugins/auth.ts';
import { DateTime, OrNull, authErrors, DatabaseId } from '../../shared/schemas/common.ts';
import { answerQuestion } from '../services/ai-analyst/analyst-service.ts';
import type { ModelConfig } from '../services/ai-analyst/model-client.ts';
import { MAX_QUESTION_LENGTH } from '../services/ai-analyst/parse-question.ts';
import { AnalystQuerySchema } from '../services/ai-analyst/query-schema.ts';

const Result = Type.Object({
  reference: Type.String(),
  amount: Type.String({ description: 'decimal in major units' }),
  amountMinor: Type.Integer(),
  currency: Type.String(),
  status: Type.String(),
  customerName: Type.String(),
  customerEmail: Type.String(),
  gateway: OrNull(Type.String()),
  createdAt: DateTime,
});

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
        body: Type.Object(
          {
            query: Type.String({ maxLength: MAX_QUESTION_LENGTH, description: 'the question, e.g. "How many payments failed last week?"' }),
            orgId: Type.Optional(DatabaseId({ description: 'superadmin: one organisation (default: all)' })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            outcome: Type.Union([Type.Literal('answered'), Type.Literal('cannot-answer'), Type.Literal('not-understood')], {
              description: 'cannot-answer: understood, but not something the payments can tell (the summary says why)',
            }),
            summary: Type.String({
              description:
                'the answer, then what was counted (status, period with its dates, scope, currency); amounts formatted in their currency',
            }),
            results: Type.Array(Result, { description: 'the matching payments (at most 500), sorted as asked' }),
            groups: Type.Array(
              Type.Object({
                key: Type.String(),
                label: Type.String(),
                currency: Type.String(),
                count: Type.Integer(),
                total: Type.String(),
                totalMinor: Type.Integer(),
              }),
            ),
            totals: Type.Array(
              Type.Object({ currency: Type.String(), count: Type.Integer(), total: Type.String(), totalMinor: Type.Integer() }),
            ),
            figures: Type.Array(
              Type.Object({
                label: Type.String(),
                currency: OrNull(Type.String()),
                value: Type.Number({ description: 'a count, an amount in major units of the currency, or a percentage' }),
                unit: Type.Union([Type.Literal('payments'), Type.Literal('customers'), Type.Literal('money'), Type.Literal('percent')]),
              }),
              { description: 'the numbers of the answer, in the order the summary tells them' },
            ),
            matched: Type.Integer({ description: 'how many payments match, over every currency' }),
            query: Type.Union([AnalystQuerySchema, Type.Null()], {
              description: 'the structured query the question became; null when not understood',
            }),
            engine: Type.Union([Type.Literal('embedded'), Type.Literal('model')]),
            examples: Type.Optional(Type.Array(Type.String())),
            suggestion: Type.Optional(Type.String({ description: 'with cannot-answer: the nearest question the analyst can answer' })),
          }),
          ...authErrors,
        },
      },
    },
    async (request) => answerQuestion({ db, clock, model, log: request.log }, callerOf(request), request.body.query, request.body.orgId),
  );
};

export default aiRoutes;
