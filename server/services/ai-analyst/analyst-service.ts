import { fromMinorUnits } from '../../../isomorphic/money.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import type { AuthenticatedUser } from '../../plugins/auth.ts';
import { baseUnits } from '../dashboard/dashboard-repository.ts';
import { dashboardScope } from '../dashboard/dashboard-service.ts';
import { customerNamesLike, gatewayNames, organisationNames } from './analyst-repository.ts';
import { queryFromModel, type ModelConfig } from './model-client.ts';
import { nameCandidates, parseQuestion, type ParsedQuestion, type QuestionContext } from './parse-question.ts';
import type { AnalystQuery } from './query-schema.ts';
import { runAnalystQuery, type Figure, type ResultRow } from './run-query.ts';
import { cannotSummary, EXAMPLE_QUESTIONS, helpSummary, summarise } from './summarise.ts';

export interface AnalystContext {
  db: Database;
  clock: Clock;
  /** The optional OpenAI-compatible model; without it (or when it fails) the embedded engine reads the question. */
  model?: ModelConfig | undefined;
  log?: { warn(object: unknown, message: string): void };
}

export interface AnalystAnswer {
  /** answered; cannot-answer (understood, but not something the payments can tell); not-understood. */
  outcome: 'answered' | 'cannot-answer' | 'not-understood';
  summary: string;
  results: (ResultRow & { amount: string })[];
  groups: { key: string; label: string; currency: string; count: number; total: string; totalMinor: number }[];
  totals: { currency: string; count: number; total: string; totalMinor: number }[];
  figures: Figure[];
  matched: number;
  query: AnalystQuery | null;
  engine: 'embedded' | 'model';
  examples?: string[];
  /** With cannot-answer: the nearest question the analyst can answer. */
  suggestion?: string;
}

const empty = { results: [], groups: [], totals: [], figures: [], matched: 0, query: null, engine: 'embedded' as const };

/** Answers a question about the caller's payments (an orgadmin's own organisation; a superadmin's choice or all). */
export async function answerQuestion(
  ctx: AnalystContext,
  caller: AuthenticatedUser,
  question: string,
  orgId?: number,
): Promise<AnalystAnswer> {
  let scope = await dashboardScope(ctx.db, caller, orgId);
  const help = (): AnalystAnswer => ({ outcome: 'not-understood', summary: helpSummary(), ...empty, examples: EXAMPLE_QUESTIONS });
  if (!question.trim()) return help();
  const candidates = nameCandidates(question);
  const [units, gateways, organisations, customerNames] = await Promise.all([
    baseUnits(ctx.db),
    gatewayNames(ctx.db, scope),
    organisationNames(ctx.db),
    candidates.length > 0 ? customerNamesLike(ctx.db, scope, candidates) : Promise.resolve([]),
  ]);
  const context: QuestionContext = {
    now: ctx.clock.now(),
    gatewayNames: gateways,
    currencies: [...units.keys()],
    customerNames,
    organisations,
    ownOrgId: caller.role === 'superadmin' ? null : scope,
  };
  const parsed: ParsedQuestion = parseQuestion(question, context);
  const refuse = (cannot: NonNullable<ParsedQuestion['cannot']>): AnalystAnswer => ({
    outcome: 'cannot-answer',
    summary: cannotSummary(cannot.reason, cannot.nearest),
    ...empty,
    suggestion: cannot.nearest,
  });
  // Another organisation named by an orgadmin is refused whoever reads the rest of the question.
  if (parsed.cannot?.scope) return refuse(parsed.cannot);
  let query: AnalystQuery | null = null;
  let engine: AnalystAnswer['engine'] = 'embedded';
  if (ctx.model) {
    const answer = await queryFromModel(ctx.model, question, context);
    if (answer.ok) {
      query = answer.query;
      engine = 'model';
    } else ctx.log?.warn({ reason: answer.reason }, 'AI model query unusable; the embedded engine answered');
  }
  if (!query) {
    if (parsed.cannot) return refuse(parsed.cannot);
    if (parsed.understood) query = parsed.query;
  }
  if (!query) return help();
  // A superadmin's question naming one organisation is about that organisation only.
  if (scope === null && parsed.organisationId !== undefined && engine === 'embedded') scope = parsed.organisationId;
  const outcome = await runAnalystQuery(ctx.db, query, scope, units);
  const money = (minor: number, currency: string) => fromMinorUnits(minor, units.get(currency) ?? 100);
  const scopeName =
    scope === null ? 'all organisations' : (organisations.find((organisation) => organisation.id === scope)?.name ?? 'your organisation');
  const labels = engine === 'embedded' ? { period: parsed.period, comparePeriod: parsed.comparePeriod } : {};
  return {
    outcome: 'answered',
    summary: summarise(query, outcome, { units, now: context.now, scope: scopeName, ...labels }),
    results: outcome.rows.map((row) => ({ ...row, amount: money(row.amountMinor, row.currency) })),
    groups: outcome.groups.map((group) => ({ ...group, total: money(group.totalMinor, group.currency) })),
    totals: outcome.aggregates.map((entry) => ({
      currency: entry.currency,
      count: entry.count,
      total: money(entry.totalMinor, entry.currency),
      totalMinor: entry.totalMinor,
    })),
    figures: outcome.figures,
    matched: outcome.matched,
    query,
    engine,
  };
}
