import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The public docs' root: static pages anyone may read (console-static serves their files, no sign-in). */
const DOCS_ROOT = '/docs';
const SEARCH_INDEX = `${DOCS_ROOT}/pagefind/`;
// Pagefind, the docs' static search, compiles its WebAssembly (in the page or in its worker): the only thing the
// docs need beyond the console's page policy. Its worker gets a policy of its own (assets get `default-src 'none'`).
const WASM = "'wasm-unsafe-eval'";
const SEARCH_WORKER_CSP = `default-src 'none'; script-src 'self' ${WASM}; connect-src 'self'; frame-ancestors 'none'`;

const isDocsPath = (pathname: string) => pathname === DOCS_ROOT || pathname.startsWith(`${DOCS_ROOT}/`);

/** The policy with WebAssembly compilation allowed to the page's own scripts. */
export function allowWasm(policy: string): string {
  return policy
    .split(';')
    .map((directive) => {
      const trimmed = directive.trim();
      return trimmed.startsWith('script-src ') && !trimmed.includes(WASM) ? `${trimmed} ${WASM}` : trimmed;
    })
    .join('; ');
}

/** The public pages under distDir/docs as URLs (`docs/errors/index.html` → `/docs/errors`), search index excluded. */
export function publicDocsPages(distDir: string): string[] {
  const docsDir = path.join(distDir, 'docs');
  if (!existsSync(docsDir)) return [];
  return readdirSync(docsDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file === 'index.html' || file.endsWith(`${path.sep}index.html`))
    .filter((file) => !file.startsWith(`pagefind${path.sep}`))
    .map((file) => `${DOCS_ROOT}/${path.dirname(file).split(path.sep).join('/')}`.replace(/\/\.$/, ''))
    .sort();
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The public docs' server side, beside console-static (which serves their files like every built page): their CSP
 * lets Pagefind's WebAssembly run, and /docs/sitemap.xml lists their pages with this installation's public origin
 * (a sitemap needs absolute URLs, which the static build cannot know).
 */
export default fp<{ distDir: string; publicUrl: string }>(
  async function publicDocs(app: FastifyInstance, { distDir, publicUrl }) {
    const origin = new URL(publicUrl).origin;
    const sitemap = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...publicDocsPages(distDir).map((page) => `  <url><loc>${escapeXml(`${origin}${page}`)}</loc></url>`),
      '</urlset>',
      '',
    ].join('\n');

    app.get(`${DOCS_ROOT}/sitemap.xml`, { schema: { hide: true } }, async (_request, reply) =>
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(sitemap),
    );

    app.addHook('onSend', async (request, reply, payload) => {
      const pathname = request.url.split('?', 1)[0] ?? '';
      if (!isDocsPath(pathname)) return payload;
      if (pathname.startsWith(SEARCH_INDEX)) {
        reply.header('content-security-policy', SEARCH_WORKER_CSP);
        return payload;
      }
      const policy = reply.getHeader('content-security-policy');
      const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
      if (html && typeof policy === 'string') reply.header('content-security-policy', allowWasm(policy));
      // The docs hold no session and open no windows, so the opener isolation guards nothing here, and it costs a
      // reader a browsing-context-group switch (a new renderer) on arrival: ~100 ms of the page's 500 ms LCP budget.
      if (html) reply.removeHeader('cross-origin-opener-policy');
      return payload;
    });
  },
  { name: 'public-docs' },
);
