import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../errors.ts';

/** How deeply a JSON body may nest objects and arrays; no Payrail body comes near it. */
export const MAX_INPUT_DEPTH = 32;

const NUL = '\u0000';

function textFault(text: string): string | undefined {
  if (text.includes(NUL)) return 'must not contain the NUL character (U+0000)';
  if (!text.isWellFormed()) return 'must be well-formed Unicode text, without a lone UTF-16 surrogate';
  return undefined;
}

/**
 * Whether `value` holds nothing inputTextProblem would name: the per-request check, which builds no field paths
 * (building them for every value of every body cost more than the check itself). Recursion is bounded by
 * MAX_INPUT_DEPTH.
 */
function fitForStorage(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return !value.includes(NUL) && value.isWellFormed();
  if (typeof value !== 'object' || value === null) return true;
  if (depth >= MAX_INPUT_DEPTH) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (!fitForStorage(item, depth + 1)) return false;
    return true;
  }
  for (const key of Object.keys(value)) {
    if (key.includes(NUL) || !key.isWellFormed()) return false;
    if (!fitForStorage((value as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}

/**
 * What makes `value` unfit for storage, naming the field (`body.metadata.note must not contain …`), or undefined: text
 * PostgreSQL cannot hold (U+0000, a lone UTF-16 surrogate — in a value or a key) or nesting deeper than
 * MAX_INPUT_DEPTH. The walk keeps its own stack, so no input can exhaust the call stack.
 */
export function inputTextProblem(value: unknown, path: string): string | undefined {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path, depth: 0 }];
  for (let entry = pending.pop(); entry; entry = pending.pop()) {
    if (typeof entry.value === 'string') {
      const fault = textFault(entry.value);
      if (fault) return `${entry.path} ${fault}`;
      continue;
    }
    if (typeof entry.value !== 'object' || entry.value === null) continue;
    if (entry.depth >= MAX_INPUT_DEPTH) return `${path} is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`;
    const isArray = Array.isArray(entry.value);
    const children = Object.entries(entry.value);
    // Pushed in reverse, so the first problem in document order is the one reported.
    for (let index = children.length - 1; index >= 0; index--) {
      const [key, item] = children[index] as [string, unknown];
      const itemPath = isArray ? `${entry.path}[${key}]` : `${entry.path}.${key}`;
      const keyFault = isArray ? undefined : textFault(key);
      if (keyFault) return `${entry.path} field names ${keyFault}`;
      pending.push({ value: item, path: itemPath, depth: entry.depth + 1 });
    }
  }
  return undefined;
}

/**
 * Text PostgreSQL cannot hold, or a body nested without bound, in a path parameter, the query string or a JSON body
 * is refused with a 400 that names the field, before authentication or any handler reads or writes anything.
 */
export default fp(
  async function inputTextPlugin(app: FastifyInstance) {
    app.addHook('preValidation', (request, _reply, done) => {
      const { params, query, body } = request;
      if (fitForStorage(params, 0) && fitForStorage(query, 0) && fitForStorage(body, 0)) {
        done();
        return;
      }
      const problem = inputTextProblem(params, 'params') ?? inputTextProblem(query, 'querystring') ?? inputTextProblem(body, 'body');
      done(problem ? badRequest(problem) : undefined);
    });
  },
  { name: 'input-text' },
);
