// The AI analyst's wire shapes: a question in, a summary with the matching payments out.
import { Type } from 'typebox';
import { AnalystQuerySchema } from './analyst-query.ts';
import { DatabaseId, DateTime, OrNull } from './common.ts';

/** The longest question the analyst reads. */
export const MAX_QUESTION_LENGTH = 1000;

export const AnalystQuestionBody = Type.Object(
  {
    query: Type.String({ maxLength: MAX_QUESTION_LENGTH, description: 'the question, e.g. "How many payments failed last week?"' }),
    orgId: Type.Optional(DatabaseId({ description: 'superadmin: one organisation (default: all)' })),
  },
  { additionalProperties: false },
);

/** One payment in the analyst's results. */
export const AnalystResult = Type.Object({
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

export const AnalystAnswer = Type.Object({
  outcome: Type.Union([Type.Literal('answered'), Type.Literal('cannot-answer'), Type.Literal('not-understood')], {
    description: 'cannot-answer: understood, but not something the payments can tell (the summary says why)',
  }),
  summary: Type.String({
    description: 'the answer, then what was counted (status, period with its dates, scope, currency); amounts formatted in their currency',
  }),
  results: Type.Array(AnalystResult, { description: 'the matching payments (at most 500), sorted as asked' }),
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
  totals: Type.Array(Type.Object({ currency: Type.String(), count: Type.Integer(), total: Type.String(), totalMinor: Type.Integer() })),
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
});
