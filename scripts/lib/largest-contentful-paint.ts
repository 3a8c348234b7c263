// Largest Contentful Paint as a reader arriving from elsewhere sees it: a fresh browser context per load (nothing
// cached), headless Chromium, the median of several loads (as Lighthouse CI summarises runs). Used by the bench's
// server-process checks and by scripts/measure-docs-lcp.ts.
import type { Browser } from '@playwright/test';

/** Median of a list of numbers (NaN when empty). */
export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The LCP in ms of one fresh load of url; `sessionToken` signs the load in (the console keeps it in localStorage). */
export async function largestContentfulPaint(browser: Browser, url: string, sessionToken?: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    if (sessionToken) await context.addInitScript((value) => localStorage.setItem('authToken', value), sessionToken);
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    // A console page's island renders after 'load': let a later, larger paint be recorded.
    await page.waitForTimeout(500);
    const ms = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          setTimeout(() => resolve(Number.NaN), 10_000);
          new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? Number.NaN)).observe({
            type: 'largest-contentful-paint',
            buffered: true,
          });
        }),
    );
    if (Number.isNaN(ms)) throw new Error(`no largest-contentful-paint entry on ${url}`);
    return ms;
  } finally {
    await context.close();
  }
}

/** The median LCP of `loads` fresh loads of url. */
export async function medianLargestContentfulPaint(browser: Browser, url: string, loads: number, sessionToken?: string): Promise<number> {
  const samples: number[] = [];
  for (let load = 0; load < loads; load++) samples.push(await largestContentfulPaint(browser, url, sessionToken));
  return median(samples);
}
