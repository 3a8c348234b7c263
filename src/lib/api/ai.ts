import type { Static } from 'typebox';
import type { AnalystAnswer as AnalystAnswerSchema, AnalystResult as AnalystResultSchema } from '../../../isomorphic/schemas/ai.ts';
import type { Wire } from '../../../isomorphic/schemas/common.ts';
import { apiPost } from './client.ts';

/** One payment in the analyst's results (the table shows Reference ID, Amount, Status, Customer). */
export type AnalystResult = Wire<Static<typeof AnalystResultSchema>>;

/** The AI query's response (docs/console.md#entities: summary and results), with the breakdown when one was asked for. */
export type AnalystAnswer = Wire<Static<typeof AnalystAnswerSchema>>;

/** POST /ai/query {query}: a superadmin may name one organisation (all otherwise). */
export function askAnalyst(query: string, orgId?: number | null): Promise<AnalystAnswer> {
  return apiPost<AnalystAnswer>('/ai/query', orgId ? { query, orgId } : { query });
}
