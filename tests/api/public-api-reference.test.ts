// The public API reference (/docs/api, /docs/openapi.json) keeps only what an organisation can call: an operation is
// superadmin-only when its route's guard admits no organisation user (server/openapi-audience.ts), and the one filter
// (scripts/lib/public-openapi.ts) drops it (issue 32).
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { publicApiDocument } from '../../scripts/lib/public-openapi.ts';
import { openApiDocument } from '../../scripts/openapi-document.ts';
import { AUDIENCE_EXTENSION, openApiAudience, withRequiredRoles } from '../../server/openapi-audience.ts';

type Operations = Record<string, Record<string, Record<string, unknown>>>;
const operationsOf = (document: Record<string, unknown>) =>
  Object.entries(document['paths'] as Operations).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ key: `${method} ${route}`, operation })),
  );

describe('the public API document', () => {
  it('marks each operation by its guard and keeps only the ones an organisation can call', async () => {
    const app = Fastify();
    await app.register(swagger, { ...openApiAudience(), openapi: { openapi: '3.1.0', info: { title: 't', version: '1' } } });
    const guard = async () => {};
    const schema = { response: { 200: { $ref: 'Thing#' } } };
    app.addSchema({ $id: 'Thing', type: 'object', properties: { id: { type: 'integer' } } });
    app.get('/closed/:id', { preHandler: [guard, withRequiredRoles(async () => {}, ['superadmin'])], schema }, async () => ({ id: 1 }));
    app.get('/shared', { preHandler: withRequiredRoles(async () => {}, ['superadmin', 'orgadmin']) }, async () => ({}));
    app.get('/open', async () => ({}));
    await app.ready();
    const document = app.swagger() as unknown as Record<string, unknown>;
    const audiences = Object.fromEntries(operationsOf(document).map(({ key, operation }) => [key, operation[AUDIENCE_EXTENSION]]));
    expect(audiences).toEqual({ 'get /closed/{id}': 'superadmin', 'get /shared': 'organisation', 'get /open': 'organisation' });
    const published = publicApiDocument(document);
    expect(operationsOf(published).map(({ key }) => key)).toEqual(['get /shared', 'get /open']);
    // A schema only the closed operation used goes with it.
    expect(Object.keys((published['components'] as { schemas: object }).schemas)).toEqual([]);
    await app.close();
  });

  it("of the server: every superadmin-only route is out, the organisation's payments, checkout and callbacks are in", async () => {
    const full = await openApiDocument();
    const all = operationsOf(full);
    expect(all.every(({ operation }) => ['organisation', 'superadmin'].includes(String(operation[AUDIENCE_EXTENSION])))).toBe(true);
    const closed = all.filter(({ operation }) => operation[AUDIENCE_EXTENSION] === 'superadmin').map(({ key }) => key);
    expect(closed).toEqual(
      expect.arrayContaining([
        'get /api/organisations',
        'get /api/dashboard/superadmin-stats',
        'post /api/psp',
        'post /api/gateways',
        'get /api/logs/api',
      ]),
    );
    const published = operationsOf(publicApiDocument(full)).map(({ key }) => key);
    expect(published.filter((key) => closed.includes(key))).toEqual([]);
    expect(published).toEqual(
      expect.arrayContaining([
        'post /api/payments',
        'get /api/payments/{id}',
        'post /api/payment/checkout/{token}',
        'post /api/payment/record/{token}',
        'post /api/webhooks/psp/{provider}',
        'get /api/organisations/my-organisation/webhook-deliveries',
        'get /pay/{token}',
      ]),
    );
    // Building the whole app on PGlite for its document takes a while on a busy machine.
  }, 180_000);
});
