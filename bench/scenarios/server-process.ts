// The built server as a process of its own (`node server/main.ts`, the console from CONSOLE_DIR) on the data the
// engine run just seeded: cold start to a healthy /api/health (budget ≤ 3 s), the server's peak RSS while API load
// runs (budget on PGlite ≤ 800 MB; read from /proc/<pid>/status, the server alone), and the Largest Contentful
// Paint of /login and the Integration Docs in headless Chromium (budget ≤ 1 s each).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { runLoad } from '../lib/measure.ts';
import type { BudgetCheck, Engine } from '../lib/types.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const COLD_START_BUDGET_MS = 3000;
const RSS_BUDGET_MB = 800;
const LCP_BUDGET_MS = 1000;
const LCP_LOADS = 3;
const CHROMIUM = '/usr/bin/chromium';

export interface ServerProcessOptions {
  engine: Engine;
  /** DATA_DIR: the PGlite files live in its pg/ (and the generated secrets beside them). */
  dataDir: string;
  databaseUrl?: string;
  dataKeyHex: string;
  /** The built console (CONSOLE_DIR). */
  consoleDir: string;
  email: string;
  password: string;
  requests: number;
  concurrency: number;
  log: (message: string) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** VmRSS or VmHWM (peak) of a process, in MB. */
function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : 0;
}

interface Started {
  child: ChildProcess;
  baseUrl: string;
  coldStartMs: number;
  output: () => string;
}

/** Spawns the server and waits for /api/health to answer 200; the time from spawn to that answer is the cold start. */
async function startServer(options: ServerProcessOptions): Promise<Started> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: options.dataDir,
    DATA_KEY: options.dataKeyHex,
    CONSOLE_DIR: options.consoleDir,
    LOG_LEVEL: 'warn',
    WORKER: 'on',
  };
  delete env['DATABASE_URL'];
  if (options.databaseUrl) env['DATABASE_URL'] = options.databaseUrl;
  let output = '';
  const started = performance.now();
  const child = spawn(process.execPath, ['server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  while (performance.now() - started < 60_000) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return { child, baseUrl, coldStartMs: Math.round(performance.now() - started), output: () => output };
    } catch {
      // Not listening yet.
    }
    await sleep(10);
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not become healthy within 60 s: ${output}`);
}

async function stopServer(started: Started): Promise<void> {
  if (started.child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => started.child.once('exit', () => resolve()));
  started.child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (started.child.exitCode === null) {
    started.child.kill('SIGKILL');
    await exited;
  }
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

/** The worst LCP of a few fresh loads of each page (a new browser context each: nothing cached). */
async function largestContentfulPaints(baseUrl: string, token: string): Promise<{ page: string; ms: number }[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const results: { page: string; ms: number }[] = [];
    for (const page of ['/login', '/dashboard/integration-docs']) {
      let worst = 0;
      for (let load = 0; load < LCP_LOADS; load++) {
        const context = await browser.newContext();
        // The docs are a signed-in screen: the session is in localStorage (docs/console.md#states).
        if (page !== '/login') await context.addInitScript((value) => localStorage.setItem('authToken', value), token);
        const tab = await context.newPage();
        await tab.goto(`${baseUrl}${page}`, { waitUntil: 'load' });
        await tab.waitForTimeout(500);
        const ms = await tab.evaluate(
          () =>
            new Promise<number>((resolve) => {
              new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? -1)).observe({
                type: 'largest-contentful-paint',
                buffered: true,
              });
              setTimeout(() => resolve(-1), 2000);
            }),
        );
        await context.close();
        if (ms < 0) throw new Error(`no largest-contentful-paint entry on ${page}`);
        worst = Math.max(worst, ms);
      }
      results.push({ page, ms: Math.round(worst) });
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
  await stopServer(await startServer(options));
  for (let run = 0; run < 2; run++) {
    const started = await startServer(options);
    coldStarts.push(started.coldStartMs);
    await stopServer(started);
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
    const pid = server.child.pid!;
    const token = await signIn(server.baseUrl, options.email, options.password);
    let sampled = 0;
    const sampler = setInterval(() => (sampled = Math.max(sampled, memoryMb(pid, 'VmRSS'))), 50);
    const load = (url: string, extra: { method?: 'POST'; body?: unknown } = {}) =>
      runLoad({
        url: `${server.baseUrl}${url}`,
        headers: { authorization: `Bearer ${token}` },
        // Memory, not speed, is measured here: a thousand requests per endpoint reach the steady state.
        requests: Math.min(options.requests, 1000),
        concurrency: options.concurrency,
        ...extra,
      });
    await load('/api/payments?page=1&pageSize=10');
    await load(`/api/payments?page=1&pageSize=10&search=${encodeURIComponent('Customer 42')}`);
    await load('/api/payments', {
      method: 'POST',
      body: { amount: '10.00', customerName: 'Kofi', customerEmail: 'kofi@example.com', description: 'RSS bench' },
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

    if (existsSync(path.join(options.consoleDir, 'login', 'index.html'))) {
      for (const { page, ms } of await largestContentfulPaints(server.baseUrl, token)) {
        checks.push({
          name: `Largest Contentful Paint of ${page} (headless Chromium, worst of ${LCP_LOADS} fresh loads)`,
          engine: options.engine,
          value: ms,
          unit: 'ms',
          budget: LCP_BUDGET_MS,
          withinBudget: ms <= LCP_BUDGET_MS,
        });
        options.log(`   LCP ${page} ${ms} ms`);
      }
    } else {
      options.log(
        `   no built console in ${options.consoleDir}: LCP not measured (npx astro build --outDir <dir>; BENCH_CONSOLE_DIR=<dir>)`,
      );
    }
  } finally {
    await stopServer(server);
  }
  return checks;
}
