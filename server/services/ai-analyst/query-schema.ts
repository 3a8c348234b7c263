import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { AnalystQuerySchema, type AnalystQuery } from '../../../isomorphic/schemas/analyst-query.ts';

// The schema is on the wire (the AI route's `query`); this module keeps the rules around it.
export {
  AnalystQuerySchema,
  GROUPS,
  MAX_LIMIT,
  METRICS,
  RANKS,
  SORTS,
  STATUSES,
  type AnalystQuery,
  type PaymentStatus,
  type RefundFilter,
} from '../../../isomorphic/schemas/analyst-query.ts';

/** The currencies a query names, as a list (empty: every currency). */
export const currenciesOf = (query: AnalystQuery): string[] => (query.currency === undefined ? [] : [query.currency].flat());

/** Why a valid query still cannot run: rules the schema alone does not express. */
export function queryProblem(query: AnalystQuery): string | undefined {
  if (query.metric === 'rate' && !query.rateOf) return 'a rate needs rateOf';
  if (query.rateOf && query.metric !== 'rate') return 'rateOf is for metric rate';
  if (query.compare && !['count', 'total', 'average', 'customers', 'refunded', 'net'].includes(query.metric))
    return 'compare is for count, total, average, customers, refunded or net';
  if (query.compare && query.groupBy !== 'none') return 'compare has no breakdown';
  if (query.rank && query.groupBy === 'none') return 'rank needs a groupBy';
  if (query.groupBy !== 'none' && !['count', 'total', 'average', 'refunded', 'net'].includes(query.metric))
    return 'a breakdown counts, totals, averages, refunded or net amounts';
  return undefined;
}

// Compiled on the first question, not while the server starts.
let compiled: ValidateFunction<AnalystQuery> | undefined;
function checker(): ValidateFunction<AnalystQuery> {
  if (!compiled) {
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats.default(ajv);
    compiled = ajv.compile<AnalystQuery>(AnalystQuerySchema);
  }
  return compiled;
}

/** The query when the value is a valid structured query (nothing more, nothing less), else the reasons it is not. */
export function validateAnalystQuery(value: unknown): { ok: true; query: AnalystQuery } | { ok: false; errors: string[] } {
  const check = checker();
  if (check(value)) {
    const problem = queryProblem(value);
    return problem ? { ok: false, errors: [problem] } : { ok: true, query: value };
  }
  return { ok: false, errors: (check.errors ?? []).map((error) => `${error.instancePath || 'query'} ${error.message ?? 'is invalid'}`) };
}
