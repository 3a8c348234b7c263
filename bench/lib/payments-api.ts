// What the search, filter and export scenarios share: the two organisations they measure (one of the usual size, the
// one grown to 300,000 payments), calls to the list API before a load (to find what to search for, and to tell a
// server without issue 29's filters from a slow one), and the row reporting a scenario that could not run.
import { LARGE_SHARE } from './seed.ts';
import type { BenchContext, ScenarioResult } from './types.ts';

/** One of the organisations a scenario measures, with its orgadmin's token. */
export interface MeasuredOrganisation {
  label: string;
  orgId: number;
  token: string;
  /** The payments the seed gave it (the list's total may be capped). */
  payments: number;
}

/** The orgadmin organisation (of the usual size) and the grown one. */
export function measuredOrganisations(context: BenchContext, organisations = 50): MeasuredOrganisation[] {
  const usual = Math.round((context.payments * (1 - LARGE_SHARE)) / (organisations - 1));
  const grown = Math.round(context.payments * LARGE_SHARE);
  return [
    { label: `org. of ${usual.toLocaleString('en')} payments`, orgId: context.orgId, token: context.tokens.orgadmin, payments: usual },
    {
      label: `org. of ${grown.toLocaleString('en')} payments`,
      orgId: context.largeOrgId,
      token: context.tokens.largeOrgadmin,
      payments: grown,
    },
  ];
}

export interface ApiAnswer<T> {
  status: number;
  body: T | undefined;
  text: string;
}

/** One GET of the app with a bearer token; the body parsed when it is JSON. */
export async function getApi<T>(context: BenchContext, path: string, token: string): Promise<ApiAnswer<T>> {
  const response = await fetch(`${context.app.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  let body: T | undefined;
  try {
    body = JSON.parse(text) as T;
  } catch {
    body = undefined;
  }
  return { status: response.status, body, text };
}

/** The list page's fields the scenarios read (the total capped past a threshold once issue 29's list is in). */
export interface PaymentPage {
  items: { reference: string; customerName: string; customerEmail: string }[];
  total: number;
  totalCapped?: boolean;
}

/** Why a call that must succeed did not: what was called (`GET /api/payments?customer=`), the answer, its meaning. */
export function refusal(call: string, answer: ApiAnswer<unknown>, meaning: string): string {
  const message = (answer.body as { message?: string } | undefined)?.message ?? answer.text.slice(0, 200);
  return `${call} answered ${answer.status}${message ? ` ("${message}")` : ''}: ${meaning}`;
}

/** What a 400 or 404 from a list or export call means: the server predates issue 29's list. */
export const LACKS_ISSUE_29 = "the server lacks issue 29's filters";
export const LACKS_EXPORT = "the server lacks issue 29's export";

/** A row for a measurement that could not run: no requests, one error, its budget missed, the reason in the detail. */
export function notMeasured(
  context: BenchContext,
  scenario: string,
  name: string,
  reason: string,
  budget: Pick<ScenarioResult, 'budgetP99Ms' | 'budgetPerSecond' | 'unit'>,
): ScenarioResult {
  return {
    scenario,
    name,
    engine: context.engine,
    requests: 0,
    errors: 1,
    requestsPerSecond: 0,
    p50Ms: 0,
    p99Ms: 0,
    meanMs: 0,
    maxMs: 0,
    ...budget,
    withinBudget: false,
    detail: `not measured: ${reason}`,
  };
}

/** "3 payments", "1,000+ payments" (a capped total), from a list answer. */
export const matches = (page: PaymentPage) =>
  `${page.total.toLocaleString('en')}${page.totalCapped ? '+' : ''} payment${page.total === 1 && !page.totalCapped ? '' : 's'}`;
