// Fails the build when a page ships more initial JavaScript (gzip) than its budget (docs/decisions.md#performance-budgets).
import { htmlPages, weighPage } from './lib/bundle-size.ts';

const KB = 1024;
const budgetFor = (page: string) => (page.startsWith('/dashboard') ? 150 * KB : 20 * KB);

const weights = htmlPages('dist')
  .map((file) => weighPage('dist', file))
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
