import { apiPost } from './client.ts';

/** One payment in the analyst's results (the table shows Reference ID, Amount, Status, Customer). */
export interface AnalystResult {
  reference: string;
  amount: string;
  amountMinor: number;
  currency: string;
  status: string;
  customerName: string;
  customerEmail: string;
  gateway: string | null;
  createdAt: string;
}

/** The AI query's response (docs/console.md#entities: summary and results), with the breakdown when one was asked for. */
export interface AnalystAnswer {
  /** cannot-answer: understood, but not something the payments can tell (the summary says why). */
  outcome: 'answered' | 'cannot-answer' | 'not-understood';
  summary: string;
  results: AnalystResult[];
  groups: { key: string; label: string; currency: string; count: number; total: string; totalMinor: number }[];
  totals: { currency: string; count: number; total: string; totalMinor: number }[];
  matched: number;
  engine: 'embedded' | 'model';
  examples?: string[];
  /** With cannot-answer: the nearest question the analyst can answer. */
  suggestion?: string;
}

/** POST /ai/query {query}: a superadmin may name one organisation (all otherwise). */
export function askAnalyst(query: string, orgId?: number | null): Promise<AnalystAnswer> {
  return apiPost<AnalystAnswer>('/ai/query', orgId ? { query, orgId } : { query });
}
