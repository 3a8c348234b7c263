import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import securityHeadersPlugin, { securityHeaders } from '../../../../server/plugins/security-headers.ts';

const options = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginEmbedderPolicy: false,
} as const;

describe('security headers', () => {
  it("are helmet's headers for the options", () => {
    const headers = securityHeaders(options);
    expect(headers).toMatchObject({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'referrer-policy': 'no-referrer',
    });
    expect(headers).not.toHaveProperty('cross-origin-embedder-policy');
  });

  it('are on every answer, and a route can set its own Content-Security-Policy', async () => {
    const app = Fastify();
    await app.register(securityHeadersPlugin, { helmet: options });
    app.get('/json', async () => ({ ok: true }));
    app.get('/page', async (_request, reply) =>
      reply.header('content-security-policy', "default-src 'self'").type('text/html').send('<p>hi</p>'),
    );
    const json = await app.inject('/json');
    expect(json.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(json.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    const page = await app.inject('/page');
    expect(page.headers['content-security-policy']).toBe("default-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect((await app.inject('/missing')).headers['x-content-type-options']).toBe('nosniff');
    await app.close();
  });
});
