// Fails the build when a page ships more initial JavaScript (gzip) than its budget (docs/decisions.md#performance-budgets).
import path from 'node:path';
import { htmlPages, weighPage } from './lib/bundle-size.ts';

const KB = 1024;
/** The public docs (/docs, docs/public-docs.md): a static frame with one small script; search loads on first use. */
const PUBLIC_DOCS_BUDGET = { isPage: (page: string) => page === '/docs' || page.startsWith('/docs/'), bytes: 10 * KB };
const budgetFor = (page: string) =>
  PUBLIC_DOCS_BUDGET.isPage(page) ? PUBLIC_DOCS_BUDGET.bytes : page.startsWith('/dashboard') ? 150 * KB : 20 * KB;
// The built site to weigh: dist, or the directory given (e.g. a build with --outDir).
const distDir = process.argv[2] ?? 'dist';

const weights = htmlPages(distDir)
  .filter((file) => !file.includes(`${path.sep}docs${path.sep}pagefind${path.sep}`))
  .map((file) => weighPage(distDir, file))
  .sort((a, b) => a.page.localeCompare(b.page));
let failed = false;
console.log('Initial JavaScript per page (gzip):');
for (const { page, gzipBytes } of weights) {
  const budget = budgetFor(page);
  const over = gzipBytes > budget;
  failed ||= over;
  console.log(`  ${over ? 'OVER' : 'ok  '} ${page.padEnd(36)} ${(gzipBytes / KB).toFixed(1).padStart(7)} KB / ${budget / KB} KB`);
}
if (failed) {
  console.error('A page is over its JavaScript budget: lazy-load heavy code (Monaco, charts) or trim dependencies.');
  process.exit(1);
}
