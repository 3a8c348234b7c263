import { sql } from 'drizzle-orm';
import { fromMinorUnits } from '../../../src/lib/money.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import type { AuthenticatedUser } from '../../plugins/auth.ts';
import { baseUnits } from '../dashboard/dashboard-repository.ts';
import { dashboardScope } from '../dashboard/dashboard-service.ts';
import { queryFromModel, type ModelConfig } from './model-client.ts';
import { parseQuestion, type QuestionContext } from './parse-question.ts';
import type { AnalystQuery } from './query-schema.ts';
import { runAnalystQuery } from './run-query.ts';
import { EXAMPLE_QUESTIONS, helpSummary, summarise } from './summarise.ts';

export interface AnalystContext {
  db: Database;
  clock: Clock;
  /** The optional OpenAI-compatible model; without it (or when it fails) the embedded engine reads the question. */
  model?: ModelConfig | undefined;
  log?: { warn(object: unknown, message: string): void };
}

export interface AnalystAnswer {
  summary: string;
  results: {
    reference: string;
    amount: string;
    amountMinor: number;
    currency: string;
    status: string;
    customerName: string;
    customerEmail: string;
    gateway: string | null;
    createdAt: Date;
  }[];
  groups: { key: string; label: string; currency: string; count: number; total: string; totalMinor: number }[];
  totals: { currency: string; count: number; total: string; totalMinor: number }[];
  matched: number;
  query: AnalystQuery | null;
  engine: 'embedded' | 'model';
  examples?: string[];
}

async function questionContext(db: Database, orgId: number | null, now: Date, units: Map<string, number>): Promise<QuestionContext> {
  const scope = orgId === null ? sql`true` : sql`(g.org_id = ${orgId} or g.org_id is null)`;
  const rows = await queryRows<{ name: string; provider: string; display_name: string }>(
    db,
    sql`select g.name, pr.name as provider, pr.display_name from gateways g join providers pr on pr.id = g.provider_id where ${scope}`,
  );
  return { now, gatewayNames: rows.flatMap((row) => [row.name, row.provider, row.display_name]), currencies: [...units.keys()] };
}

/** Answers a question about the caller's payments (an orgadmin's own organisation; a superadmin's choice or all). */
export async function answerQuestion(
  ctx: AnalystContext,
  caller: AuthenticatedUser,
  question: string,
  orgId?: number,
): Promise<AnalystAnswer> {
  const scope = await dashboardScope(ctx.db, caller, orgId);
  const help = (): AnalystAnswer => ({
    summary: helpSummary(),
    results: [],
    groups: [],
    totals: [],
    matched: 0,
    query: null,
    engine: 'embedded',
    examples: EXAMPLE_QUESTIONS,
  });
  if (!question.trim()) return help();
  const units = await baseUnits(ctx.db);
  const context = await questionContext(ctx.db, scope, ctx.clock.now(), units);
  const parsed = parseQuestion(question, context);
  let query: AnalystQuery | null = parsed.understood ? parsed.query : null;
  let engine: AnalystAnswer['engine'] = 'embedded';
  if (ctx.model) {
    const answer = await queryFromModel(ctx.model, question, context);
    if (answer.ok) {
      query = answer.query;
      engine = 'model';
    } else ctx.log?.warn({ reason: answer.reason }, 'AI model query unusable; the embedded engine answered');
  }
  if (!query) return help();
  const outcome = await runAnalystQuery(ctx.db, query, scope, units);
  const money = (minor: number, currency: string) => fromMinorUnits(minor, units.get(currency) ?? 100);
  return {
    summary: summarise(query, outcome, units, engine === 'embedded' ? parsed.period : undefined),
    results: outcome.rows.map((row) => ({ ...row, amount: money(row.amountMinor, row.currency) })),
    groups: outcome.groups.map((group) => ({ ...group, total: money(group.totalMinor, group.currency) })),
    totals: outcome.aggregates.map((entry) => ({
      currency: entry.currency,
      count: entry.count,
      total: money(entry.totalMinor, entry.currency),
      totalMinor: entry.totalMinor,
    })),
    matched: outcome.matched,
    query,
    engine,
  };
}
