// The built server as a process of its own (`node server/main.ts`, the console from CONSOLE_DIR) on the data the
// engine run just seeded: cold start to a healthy /api/health (budget ≤ 3 s), the server's peak RSS while API load
// runs (budget on PGlite ≤ 800 MB; read from /proc/<pid>/status, the server alone), and the Largest Contentful
// Paint of /login and the Integration Docs in headless Chromium (budget ≤ 1 s each).
import { chromium } from '@playwright/test';
import { medianLargestContentfulPaint } from '../../scripts/lib/largest-contentful-paint.ts';
import { consoleBuildProblem } from '../lib/console-build.ts';
import { measureLoad } from '../lib/load.ts';
import { freePort, memoryMb, startAppServer, stopProcess, type AppServerOptions, type ServerProcess } from '../lib/processes.ts';
import type { BudgetCheck, Engine } from '../lib/types.ts';

const COLD_START_BUDGET_MS = 3000;
const RSS_BUDGET_MB = 800;
const LCP_BUDGET_MS = 1000;
/** The public docs are static pages with one small script (docs/public-docs.md): a tighter budget. */
const PUBLIC_DOCS_LCP_BUDGET_MS = 500;
const LCP_PAGES = [
  { page: '/login', budget: LCP_BUDGET_MS },
  { page: '/dashboard/integration-docs', budget: LCP_BUDGET_MS },
  { page: '/docs', budget: PUBLIC_DOCS_LCP_BUDGET_MS },
  { page: '/docs/outbound-webhooks', budget: PUBLIC_DOCS_LCP_BUDGET_MS },
];
const LCP_LOADS = 5;
const CHROMIUM = '/usr/bin/chromium';

export interface ServerProcessOptions {
  engine: Engine;
  server: Omit<AppServerOptions, 'port'>;
  email: string;
  password: string;
  connections: number;
  log: (message: string) => void;
}

/** The server as `npm start` runs it (its worker on, the default log level), on a port of its own. */
async function startServer(options: ServerProcessOptions): Promise<ServerProcess> {
  return startAppServer({ ...options.server, port: await freePort(), env: { ...options.server.env, WORKER: 'on' } });
}

async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The median LCP of a few fresh loads of each page (a new browser context each: nothing cached). */
async function largestContentfulPaints(baseUrl: string, token: string): Promise<{ page: string; ms: number; budget: number }[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const results: { page: string; ms: number; budget: number }[] = [];
    for (const { page, budget } of LCP_PAGES) {
      // The console's docs are a signed-in screen: the session is in localStorage (docs/console.md#states).
      const session = page.startsWith('/dashboard') ? token : undefined;
      const ms = await medianLargestContentfulPaint(browser, `${baseUrl}${page}`, LCP_LOADS, session);
      results.push({ page, ms: Math.round(ms), budget });
    }
    return results;
  } finally {
    await browser.close();
  }
}

/** Runs the process checks on one engine's seeded data; the engine run must have closed its database first. */
export async function serverProcess(options: ServerProcessOptions): Promise<BudgetCheck[]> {
  const checks: BudgetCheck[] = [];
  const coldStarts: number[] = [];
  // A first start primes what any restart of a deployed server finds: the OS file cache and Node's compile cache
  // (server/main.ts). Then the cold start, twice; the worse counts.
  await stopProcess(await startServer(options));
  for (let run = 0; run < 2; run++) {
    const started = await startServer(options);
    coldStarts.push(started.startMs);
    await stopProcess(started);
  }
  const coldStartMs = Math.max(...coldStarts);
  checks.push({
    name: 'cold start of the built server to a healthy /api/health (existing data dir)',
    engine: options.engine,
    value: coldStartMs,
    unit: 'ms',
    budget: COLD_START_BUDGET_MS,
    withinBudget: coldStartMs <= COLD_START_BUDGET_MS,
    note: `runs: ${coldStarts.join(' ms, ')} ms`,
  });
  options.log(`   cold start ${coldStarts.join(' ms, ')} ms`);

  const server = await startServer(options);
  try {
    const pid = server.pid;
    const token = await signIn(server.baseUrl, options.email, options.password);
    let sampled = 0;
    const sampler = setInterval(() => (sampled = Math.max(sampled, memoryMb(pid, 'VmRSS'))), 50);
    const load = (url: string, extra: { method?: 'POST'; body?: string } = {}) =>
      measureLoad(
        [
          {
            url: `${server.baseUrl}${url}`,
            headers: { authorization: `Bearer ${token}` },
            // Memory, not speed, is measured here: two seconds per endpoint reach the steady state.
            connections: options.connections,
            duration: 2,
            warmupSeconds: 0,
            ...extra,
          },
        ],
        { serverPids: [pid] },
      );
    await load('/api/payments?page=1&pageSize=10');
    await load(`/api/payments?page=1&pageSize=10&search=${encodeURIComponent('Customer 42')}`);
    await load('/api/payments', {
      method: 'POST',
      body: JSON.stringify({ amount: '10.00', customerName: 'Kofi', customerEmail: 'kofi@example.com', description: 'RSS bench' }),
    });
    await load('/api/dashboard/org-volume-chart?days=366');
    await load('/api/dashboard/my-status-totals');
    clearInterval(sampler);
    const peak = Math.max(sampled, memoryMb(pid, 'VmHWM'));
    const rssBudget = options.engine === 'pglite' ? RSS_BUDGET_MB : undefined;
    checks.push({
      name: 'server process peak RSS under API load (payments list, search, create; dashboard)',
      engine: options.engine,
      value: peak,
      unit: 'MB',
      ...(rssBudget === undefined ? {} : { budget: rssBudget }),
      withinBudget: rssBudget === undefined || peak <= rssBudget,
      note: `VmHWM of pid ${pid}; largest VmRSS sampled every 50 ms: ${sampled} MB`,
    });
    options.log(`   server peak RSS ${peak} MB (sampled ${sampled} MB)`);

    const problem = consoleBuildProblem(options.server.consoleDir);
    if (!problem) {
      for (const { page, ms, budget } of await largestContentfulPaints(server.baseUrl, token)) {
        checks.push({
          name: `Largest Contentful Paint of ${page} (headless Chromium, median of ${LCP_LOADS} fresh loads)`,
          engine: options.engine,
          value: ms,
          unit: 'ms',
          budget,
          withinBudget: ms <= budget,
        });
        options.log(`   LCP ${page} ${ms} ms`);
      }
    } else {
      options.log(`   ${problem}: LCP not measured (--console-dir <dir> or BENCH_CONSOLE_DIR=<dir>)`);
    }
  } finally {
    await stopProcess(server);
  }
  return checks;
}
