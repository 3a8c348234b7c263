// Largest Contentful Paint of the public docs pages in headless Chromium (issue 32's budget: 500 ms), against a
// running server:
//
//   node scripts/measure-docs-lcp.ts http://127.0.0.1:3000 [--runs 3] [--budget 500] [/docs /docs/api ...]
//
// Prints one JSON object ({ budgetMs, pages: [{ path, lcpMs }], maxLcpMs }) and exits 1 when a page's median LCP is over
// the budget. Each run is a fresh browser context (cold cache), as a reader arriving from a search engine. The bench
// can call it after starting its server; CHROMIUM_PATH overrides /usr/bin/chromium.
import { chromium } from '@playwright/test';
import { medianLargestContentfulPaint } from './lib/largest-contentful-paint.ts';

const DEFAULT_PAGES = ['/docs', '/docs/quick-start', '/docs/outbound-webhooks', '/docs/providers', '/docs/api'];

function parseArguments(argv: string[]): { base: string; runs: number; budget: number; pages: string[] } {
  const [base, ...rest] = argv;
  if (!base || !/^https?:\/\//.test(base))
    throw new Error('usage: node scripts/measure-docs-lcp.ts <base URL> [--runs N] [--budget MS] [paths...]');
  let runs = 3;
  let budget = 500;
  const pages: string[] = [];
  for (let index = 0; index < rest.length; index++) {
    const argument = rest[index] ?? '';
    if (argument === '--runs') runs = Number(rest[++index]);
    else if (argument === '--budget') budget = Number(rest[++index]);
    else pages.push(argument);
  }
  if (!Number.isInteger(runs) || runs < 1 || !(budget > 0))
    throw new Error('--runs must be a positive integer and --budget a positive number');
  return { base: base.replace(/\/$/, ''), runs, budget, pages: pages.length > 0 ? pages : DEFAULT_PAGES };
}

const { base, runs, budget, pages } = parseArguments(process.argv.slice(2));
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const results: Array<{ path: string; lcpMs: number }> = [];
  for (const path of pages) results.push({ path, lcpMs: Math.round(await medianLargestContentfulPaint(browser, `${base}${path}`, runs)) });
  const maxLcpMs = Math.max(...results.map((result) => result.lcpMs));
  console.log(JSON.stringify({ budgetMs: budget, runs, pages: results, maxLcpMs }, null, 2));
  if (!(maxLcpMs <= budget)) process.exitCode = 1;
} finally {
  await browser.close();
}
