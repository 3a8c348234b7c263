import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { preferredEncoding, type ContentEncoding } from './accept-encoding.ts';

interface Page {
  /** The page as built, and its brotli and gzip copies: chosen per request, never compressed per request. */
  bodies: Record<ContentEncoding, Buffer>;
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

/** The build's `.br`/`.gz` sibling of a page (scripts/precompress.ts), or one made now if the build has none. */
function compressedCopy(file: string, html: Buffer, encoding: 'br' | 'gzip'): Buffer {
  const sibling = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
  if (existsSync(sibling)) return readFileSync(sibling);
  return encoding === 'br' ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }) : gzipSync(html, { level: 9 });
}

const PRECOMPRESSED = /\.(?:br|gz)$/;

/** Pages that answer for a family of paths: their island reads the rest of the path (a token, a payment reference). */
const SHELL_PAGES: readonly { path: RegExp; page: string }[] = [
  { path: /^\/reset-password\/[A-Za-z0-9_-]{1,200}$/, page: '/reset-password' },
  { path: /^\/dashboard\/payments\/[A-Za-z0-9_-]{1,100}$/, page: '/dashboard/payments/detail' },
];

/**
 * Serves the built console from `dist/`: pages with a per-page CSP, hashed assets cached for a
 * year, `/reset-password/{token}` and `/dashboard/payments/{reference}` mapped to their pages (SHELL_PAGES), and every
 * other non-API path sent to /login.
 * Pages and assets go out brotli- or gzip-compressed as the request accepts, from copies made at build or start-up.
 */
export default fp<{ distDir: string }>(
  async function consoleStatic(app: FastifyInstance, { distDir }) {
    const pages = new Map<string, Page>();
    const assets = new Set<string>();
    for (const file of walk(distDir)) {
      const relative = path.relative(distDir, file);
      if (file.endsWith('.html')) {
        const html = readFileSync(file);
        const bodies = { identity: html, br: compressedCopy(file, html, 'br'), gzip: compressedCopy(file, html, 'gzip') };
        pages.set(routeOf(relative), { bodies, csp: contentSecurityPolicy(html.toString('utf8')) });
      } else if (!PRECOMPRESSED.test(file)) {
        assets.add(`/${relative.split(path.sep).join('/')}`);
      }
    }

    // preCompressed: an asset goes out as its `.br` or `.gz` sibling when the request accepts it, with `Vary`.
    await app.register(fastifyStatic, { root: distDir, serve: false, preCompressed: true });

    const sendPage = (request: FastifyRequest, reply: FastifyReply, page: Page) => {
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (encoding !== 'identity') void reply.header('content-encoding', encoding);
      return reply
        .header('content-security-policy', page.csp)
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8')
        .send(page.bodies[encoding]);
    };

    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const pathname = request.url.split('?', 1)[0] ?? '/';
      if (pathname === '/api' || pathname.startsWith('/api/')) return reply.callNotFound();
      const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      const page = pages.get(trimmed);
      if (page) return sendPage(request, reply, page);
      const shell = SHELL_PAGES.find((entry) => entry.path.test(trimmed));
      const shellPage = shell && pages.get(shell.page);
      if (shellPage) return sendPage(request, reply, shellPage);
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
