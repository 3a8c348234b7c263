// Fails the build when a page ships more initial JavaScript (gzip) than its budget (docs/decisions.md#performance-budgets).
// `node scripts/check-bundle-size.ts [distDir]` (default dist/).
import { htmlPages, weighPage } from './lib/bundle-size.ts';

const KB = 1024;

/** Budgets by path prefix, the first match wins; the last entry covers every other page (sign-in, public pages). */
const BUDGETS: { prefix: string; gzipBytes: number }[] = [
  { prefix: '/dashboard', gzipBytes: 150 * KB },
  { prefix: '/', gzipBytes: 20 * KB },
];

const budgetFor = (page: string) => BUDGETS.find(({ prefix }) => page.startsWith(prefix))?.gzipBytes ?? 0;

const distDir = process.argv[2] ?? 'dist';
const weights = htmlPages(distDir)
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
