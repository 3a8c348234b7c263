import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import publicDocsPlugin, { allowWasm, publicDocsPages } from '../../../../server/plugins/public-docs.ts';
import securityHeadersPlugin from '../../../../server/plugins/security-headers.ts';

const distDir = mkdtempSync(path.join(tmpdir(), 'payrail-public-docs-'));
mkdirSync(path.join(distDir, 'docs', 'errors'), { recursive: true });
mkdirSync(path.join(distDir, 'docs', 'pagefind'), { recursive: true });
writeFileSync(path.join(distDir, 'docs', 'index.html'), '<h1>Overview</h1>');
writeFileSync(path.join(distDir, 'docs', 'errors', 'index.html'), '<h1>Errors</h1>');
writeFileSync(path.join(distDir, 'docs', 'pagefind', 'index.html'), '<p>not a chapter</p>');
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

async function docsApp() {
  const app = Fastify();
  await app.register(securityHeadersPlugin, {
    helmet: { contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'"] } } },
  });
  await app.register(publicDocsPlugin, { distDir, publicUrl: 'https://pay.example.com/base' });
  const page = async (_request: unknown, reply: { type: (type: string) => { send: (body: string) => unknown } }) =>
    reply.type('text/html; charset=utf-8').send('<h1>page</h1>');
  app.get('/docs/errors', page);
  app.get('/login', page);
  app.get('/docs/pagefind/pagefind.js', async (_request, reply) => reply.type('text/javascript').send('x'));
  return app;
}

describe('the public docs plugin', () => {
  it('lists the built chapters, never the search index', () => {
    expect(publicDocsPages(distDir)).toEqual(['/docs', '/docs/errors']);
  });

  it('writes a sitemap with absolute URLs on the public origin', async () => {
    const app = await docsApp();
    const sitemap = await app.inject('/docs/sitemap.xml');
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.body).toContain('<loc>https://pay.example.com/docs/errors</loc>');
    await app.close();
  });

  it("lets a docs page compile Pagefind's WebAssembly and drops the opener isolation there only", async () => {
    const app = await docsApp();
    const docs = await app.inject('/docs/errors');
    expect(docs.headers['content-security-policy']).toBe("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'");
    expect(docs.headers).not.toHaveProperty('cross-origin-opener-policy');
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
    const login = await app.inject('/login');
    expect(login.headers['content-security-policy']).toBe("default-src 'self';script-src 'self'");
    expect(login.headers['cross-origin-opener-policy']).toBe('same-origin');
    const search = await app.inject('/docs/pagefind/pagefind.js');
    expect(search.headers['content-security-policy']).toContain("default-src 'none'");
    await app.close();
  });

  it('adds wasm-unsafe-eval once, to script-src only', () => {
    expect(allowWasm("default-src 'self'; script-src 'self'")).toBe("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'");
    expect(allowWasm("script-src 'self' 'wasm-unsafe-eval'")).toBe("script-src 'self' 'wasm-unsafe-eval'");
  });
});
