import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

interface Page {
  html: Buffer;
  csp: string;
}

/** Hashes of the page's inline scripts, so its CSP allows exactly those and no injected one. */
export function contentSecurityPolicy(html: string): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((match) => match[1] ?? '')
    .filter((body) => body.length > 0)
    .map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  return [
    "default-src 'self'",
    `script-src 'self' ${[...new Set(hashes)].join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    // The test-webhook tool posts to destinations the admin types in.
    "connect-src 'self' https: http:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** `/dashboard/payments/index.html` → `/dashboard/payments`; `/index.html` → `/`. */
function routeOf(relative: string): string {
  const url = `/${relative.split(path.sep).join('/')}`;
  return url.endsWith('/index.html') ? url.slice(0, -'/index.html'.length) || '/' : url.replace(/\.html$/, '');
}

/**
 * Serves the built console from `dist/`: pages with a per-page CSP, hashed assets cached for a
 * year, `/reset-password/{token}` mapped to its page, and every other non-API path sent to /login.
 */
export default fp<{ distDir: string }>(
  async function consoleStatic(app: FastifyInstance, { distDir }) {
    const pages = new Map<string, Page>();
    const assets = new Set<string>();
    for (const file of walk(distDir)) {
      const relative = path.relative(distDir, file);
      if (file.endsWith('.html')) {
        const html = readFileSync(file);
        pages.set(routeOf(relative), { html, csp: contentSecurityPolicy(html.toString('utf8')) });
      } else {
        assets.add(`/${relative.split(path.sep).join('/')}`);
      }
    }

    await app.register(fastifyStatic, { root: distDir, serve: false });

    const sendPage = (reply: FastifyReply, page: Page) =>
      reply
        .header('content-security-policy', page.csp)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(page.html);

    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const pathname = request.url.split('?', 1)[0] ?? '/';
      if (pathname === '/api' || pathname.startsWith('/api/')) return reply.callNotFound();
      const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      const page = pages.get(trimmed);
      if (page) return sendPage(reply, page);
      const resetPage = pages.get('/reset-password');
      if (resetPage && /^\/reset-password\/[A-Za-z0-9_-]{1,200}$/.test(trimmed)) return sendPage(reply, resetPage);
      if (assets.has(pathname)) {
        const immutable = pathname.startsWith('/_astro/');
        void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        return reply.sendFile(pathname.slice(1), { cacheControl: false });
      }
      return reply.redirect('/login', 302);
    });
  },
  { name: 'console-static' },
);
