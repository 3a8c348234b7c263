// Fails the build when a page ships more initial JavaScript (gzip) than its budget (docs/decisions.md#performance-budgets).
// `node scripts/check-bundle-size.ts [distDir]` (default dist/; e.g. a build with --outDir).
import path from 'node:path';
import { htmlPages, weighPage } from './lib/bundle-size.ts';

const KB = 1024;
const under = (prefix: string) => (page: string) => page === prefix || page.startsWith(`${prefix}/`);

/** Budgets by page, the first match wins; the last entry covers every other page (sign-in, public pages). */
const BUDGETS: { matches: (page: string) => boolean; gzipBytes: number }[] = [
  // The public docs (docs/public-docs.md): a static frame with one small script; search loads on first use.
  { matches: under('/docs'), gzipBytes: 10 * KB },
  { matches: under('/dashboard'), gzipBytes: 150 * KB },
  { matches: () => true, gzipBytes: 20 * KB },
];

const budgetFor = (page: string) => BUDGETS.find(({ matches }) => matches(page))?.gzipBytes ?? 0;

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
