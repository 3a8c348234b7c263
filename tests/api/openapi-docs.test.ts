// The API reference in the Integration Docs is generated from the server's OpenAPI document, so every
// route must describe itself there: a summary (or description) and a response schema for every status.
// This test fails when a route is added without them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOperations, HTTP_METHODS } from '../../src/lib/openapi-render.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

let t: TestApp;
let document: Json;

interface Operation {
  where: string;
  operation: Json;
}

function operations(): Operation[] {
  const paths = isObject(document['paths']) ? document['paths'] : {};
  return Object.entries(paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) =>
      isObject(item) && isObject(item[method]) ? [{ where: `${method.toUpperCase()} ${path}`, operation: item[method] }] : [],
    ),
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  document = t.app.swagger() as unknown as Json;
});
afterAll(async () => {
  await t.close();
});

describe('the OpenAPI document behind the API reference', () => {
  it('lists the API', () => {
    expect(operations().length).toBeGreaterThan(50);
    expect(operations().map((entry) => entry.where)).toEqual(
      expect.arrayContaining([
        'POST /api/payments',
        'POST /api/webhooks/psp/{provider}',
        'POST /api/payment/record/{token}',
        'GET /pay/{token}',
      ]),
    );
  });

  it('writes every path from its one server URL, so a client that joins the two reaches the route', () => {
    const servers = document['servers'] as { url: string }[];
    expect(servers).toHaveLength(1);
    const base = new URL(servers[0]?.url ?? '').pathname.replace(/\/$/, '');
    const paths = isObject(document['paths']) ? document['paths'] : {};
    const unreachable = operations().filter(({ where, operation }) => {
      const [method = '', path = ''] = where.split(' ');
      const url = `${base}${path}`.replace(/\{(\w+)\}/g, ':$1');
      const overridden = operation['servers'] !== undefined || (isObject(paths[path]) && paths[path]['servers'] !== undefined);
      return overridden || !t.app.hasRoute({ method, url });
    });
    expect(unreachable.map((entry) => entry.where)).toEqual([]);
  });

  it('has a summary or description on every route', () => {
    const undocumented = operations()
      .filter(({ operation }) => !textOf(operation['summary']) && !textOf(operation['description']))
      .map((entry) => entry.where);
    expect(undocumented, 'routes without a summary: add schema.summary').toEqual([]);
  });

  it('has a response schema for every status of every route, including a success', () => {
    const problems: string[] = [];
    for (const { where, operation } of operations()) {
      const responses = isObject(operation['responses']) ? operation['responses'] : {};
      const statuses = Object.keys(responses);
      if (!statuses.some((status) => /^[23]\d\d$/.test(status))) problems.push(`${where}: no success response`);
      for (const status of statuses) {
        const response = responses[status];
        const content = isObject(response) && isObject(response['content']) ? response['content'] : {};
        const schemas = Object.values(content).filter((media) => isObject(media) && media['schema'] !== undefined);
        // No content is right for 204 and redirects (a Location header, no body).
        if (schemas.length === 0 && status !== '204' && !/^3\d\d$/.test(status)) problems.push(`${where} ${status}: no schema`);
      }
    }
    expect(problems, 'add a response schema (schema.response) for each status').toEqual([]);
  });

  it('declares its errors with the shared { statusCode, error, message } body', () => {
    // The health check's 503 is its own status report (for load balancers), not an error body.
    const errorStatuses = operations()
      .filter(({ where }) => where !== 'GET /api/health')
      .flatMap(({ where, operation }) =>
        Object.entries(isObject(operation['responses']) ? operation['responses'] : {})
          .filter(([status]) => /^[45]\d\d$/.test(status))
          .map(([status, response]) => ({ where: `${where} ${status}`, text: JSON.stringify(response) })),
      );
    expect(errorStatuses.length).toBeGreaterThan(100);
    const notShared = errorStatuses.filter(({ text }) => !text.includes('#/components/schemas/') && !text.includes('text/html'));
    expect(notShared.map((entry) => entry.where)).toEqual([]);
  });

  it('is rendered in full by the API reference page: every operation with its responses', () => {
    const rendered = apiOperations(document);
    expect(rendered).toHaveLength(operations().length);
    for (const operation of rendered) {
      expect(operation.summary || operation.description, `${operation.method} ${operation.path}`).not.toBe('');
      expect(operation.responses.length, `${operation.method} ${operation.path}`).toBeGreaterThan(0);
    }
    const create = rendered.find((operation) => operation.method === 'POST' && operation.path === '/api/payments');
    expect(create?.requestBody).toContain('amount: string | number');
    expect(rendered.find((operation) => operation.path === '/pay/{token}')?.path).toBe('/pay/{token}');
  });

  it('writes a nullable response field as its type or null, with its format', () => {
    const list = apiOperations(document).find((operation) => operation.method === 'GET' && operation.path === '/api/payments');
    const page = list?.responses.find((response) => response.status === '200')?.schema ?? '';
    expect(page).toContain('paidAt: string (date-time) | null');
    expect(page).toContain('receiptNumber: string | null');
    expect(page).toContain('createdAt: string (date-time)\n');
  });
});
