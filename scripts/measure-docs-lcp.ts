// Largest Contentful Paint of the public docs pages in headless Chromium (issue 32's budget: 500 ms), against a
// running server:
//
//   node scripts/measure-docs-lcp.ts http://127.0.0.1:3000 [--runs 3] [--budget 500] [/docs /docs/api ...]
//
// Prints one JSON object ({ budgetMs, pages: [{ path, lcpMs }], maxLcpMs }) and exits 1 when a page's median LCP is over
// the budget. Each run is a fresh browser context (cold cache), as a reader arriving from a search engine. The bench
// can call it after starting its server; CHROMIUM_PATH overrides /usr/bin/chromium.
import { chromium } from '@playwright/test';

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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const { base, runs, budget, pages } = parseArguments(process.argv.slice(2));
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const results: Array<{ path: string; lcpMs: number }> = [];
  for (const path of pages) {
    const samples: number[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${base}${path}`, { waitUntil: 'load' });
      samples.push(
        await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              setTimeout(() => resolve(Number.NaN), 10_000);
              new PerformanceObserver((list) => {
                const entries = list.getEntries();
                resolve(entries[entries.length - 1]?.startTime ?? Number.NaN);
              }).observe({ type: 'largest-contentful-paint', buffered: true });
            }),
        ),
      );
      await context.close();
    }
    results.push({ path, lcpMs: Math.round(median(samples)) });
  }
  const maxLcpMs = Math.max(...results.map((result) => result.lcpMs));
  console.log(JSON.stringify({ budgetMs: budget, runs, pages: results, maxLcpMs }, null, 2));
  if (!(maxLcpMs <= budget)) process.exitCode = 1;
} finally {
  await browser.close();
}
