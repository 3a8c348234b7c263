// The config reference chapter must name every field of the gateway config schema and every template
// token, so the docs cannot fall behind the validator (isomorphic/gateway-config, isomorphic/template.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GatewayConfigSchema } from '../../../isomorphic/gateway-config/index.ts';
import { REFUND_TEMPLATE_TOKENS, TEMPLATE_TOKENS } from '../../../isomorphic/template.ts';

/** Whether a table row starts with this code cell (Prettier pads the cells). */
const hasRow = (cell: string) => new RegExp(`^\\|\\s*\`${cell.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\`\\s*\\|`, 'm').test(chapter);

const chapter = readFileSync(path.resolve(import.meta.dirname, '../../../src/content/docs/gateway-config.mdx'), 'utf8');

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Every property name in a JSON Schema, at any depth. */
function fieldNames(schema: unknown): string[] {
  if (!isObject(schema)) return [];
  const own = isObject(schema['properties']) ? Object.keys(schema['properties']) : [];
  const children: unknown[] = [
    ...(isObject(schema['properties']) ? Object.values(schema['properties']) : []),
    ...(Array.isArray(schema['anyOf']) ? (schema['anyOf'] as unknown[]) : []),
    schema['items'],
  ];
  const nested = children.flatMap(fieldNames);
  return [...new Set([...own, ...nested])];
}

describe('the Generic adapter config chapter', () => {
  it('documents every field of the config schema in a table row', () => {
    const fields = fieldNames(JSON.parse(JSON.stringify(GatewayConfigSchema)));
    expect(fields.length).toBeGreaterThan(30);
    const missing = fields.filter((field) => !hasRow(field));
    expect(missing).toEqual([]);
  });

  it("documents every template token (the refund block's too), and the meta.* and secrets.config.* families", () => {
    const missing = [...TEMPLATE_TOKENS, ...REFUND_TEMPLATE_TOKENS, 'meta.*', 'secrets.config.*'].filter((token) => !hasRow(`{${token}}`));
    expect(missing).toEqual([]);
  });
});
