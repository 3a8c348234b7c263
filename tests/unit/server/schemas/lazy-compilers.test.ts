import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazySchemaCompilers } from '../../../../server/schemas/lazy-compilers.ts';

function appWith(bodySchema: object) {
  const app = Fastify({ logger: false, schemaController: { compilersFactory: lazySchemaCompilers() } });
  app.addSchema({ $id: 'Shared', type: 'object', properties: { name: { type: 'string', minLength: 2 } }, required: ['name'] });
  app.post(
    '/things',
    {
      schema: {
        body: bodySchema,
        response: { 200: { type: 'object', properties: { name: { type: 'string' } }, additionalProperties: false } },
      },
    },
    async (request) => ({ ...(request.body as object), secret: 'never shown' }),
  );
  return app;
}

describe('lazySchemaCompilers', () => {
  it('validates and serialises like the eager compilers, shared schemas included', async () => {
    const app = appWith({ $ref: 'Shared#' });
    const ok = await app.inject({ method: 'POST', url: '/things', payload: { name: 'Ama' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ name: 'Ama' });
    const bad = await app.inject({ method: 'POST', url: '/things', payload: { name: 'A' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('must NOT have fewer than 2 characters');
    const missing = await app.inject({ method: 'POST', url: '/things', payload: {} });
    expect(missing.json<{ message: string }>().message).toContain("must have required property 'name'");
    await app.close();
  });

  it('compiles a schema at its first use, not while the server starts', async () => {
    // A schema Ajv refuses: eager compilers fail ready(); lazy ones start and fail only that route's requests.
    const app = appWith({ type: 'object', properties: { name: { type: 'no-such-type' } } });
    await expect(app.ready()).resolves.toBeDefined();
    const response = await app.inject({ method: 'POST', url: '/things', payload: { name: 'Ama' } });
    expect(response.statusCode).toBe(500);
    await app.close();
  });
});
