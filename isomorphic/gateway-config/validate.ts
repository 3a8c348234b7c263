import { Value } from 'typebox/value';
import { GatewayConfigSchema, type GatewayConfig } from './schema.ts';
import { checkRules, type ConfigIssue } from './rules.ts';

export interface ConfigReport {
  valid: boolean;
  errors: ConfigIssue[];
  hints: ConfigIssue[];
  /** The parsed config when valid. */
  config?: GatewayConfig;
}

export const INVALID_JSON = 'Invalid config JSON';

/** Structural problems from the JSON Schema, one per place, in the console's words. */
function schemaIssues(value: unknown): ConfigIssue[] {
  const issues = new Map<string, string>();
  for (const error of Value.Errors(GatewayConfigSchema, value)) {
    const field = error.instancePath.slice(1).replace(/\//g, '.') || 'config';
    if (error.keyword === 'required') continue; // checkRules names missing fields with the spec's wording
    if (error.keyword === 'additionalProperties') {
      const extra = (error.params as { additionalProperties?: string[] }).additionalProperties ?? [];
      for (const name of extra) issues.set(`${error.instancePath}/${name}`, `Unknown field "${name}" in ${field}.`);
      continue;
    }
    if (error.keyword === 'boolean') continue; // the additionalProperties entry above says it better
    if (!issues.has(error.instancePath)) issues.set(error.instancePath, `${field} ${error.message}.`);
  }
  return [...issues].map(([path, message]) => ({ path, message }));
}

/**
 * Validates a gateway or bank API config: the JSON Schema, the console's rules (docs/console.md#validation) and template tokens.
 * The console (playground, Monaco, forms) and the server run this same function.
 */
export function validateGatewayConfig(value: unknown): ConfigReport {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { valid: false, errors: [{ path: '', message: 'The config must be a JSON object.' }], hints: [] };
  }
  const { errors, hints } = checkRules(value as Record<string, unknown>);
  const seen = new Set(errors.map((issue) => issue.path));
  const all = [...errors, ...schemaIssues(value).filter((issue) => !seen.has(issue.path))];
  return all.length === 0 ? { valid: true, errors: [], hints, config: value as GatewayConfig } : { valid: false, errors: all, hints };
}

/** Parses and validates config text (what the editor holds). */
export function validateGatewayConfigText(text: string): ConfigReport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      valid: false,
      errors: [{ path: '', message: `${INVALID_JSON}: ${error instanceof Error ? error.message : String(error)}` }],
      hints: [],
    };
  }
  return validateGatewayConfig(value);
}
