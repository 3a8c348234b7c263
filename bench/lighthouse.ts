// `node bench/lighthouse.ts [--url http://host:port] [--only /dashboard/payments,/login] [--reports DIR]`: Lighthouse (mobile,
// simulated throttling) on every console and public page. Without --url it starts the built console (CONSOLE_DIR,
// default dist/) on a fresh embedded database; with --url it audits that server, signing in as ADMIN_EMAIL /
// ADMIN_PASSWORD. --reports writes each page's full Lighthouse report (JSON) to DIR. Exits 1 when a page misses Performance ≥ 98 or LCP ≤ 1.5 s.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../tests/helpers/net.ts';
import { consoleBuildProblem } from './lib/console-build.ts';
import { auditedPages, runLighthouse } from './scenarios/lighthouse.ts';

const { values } = parseArgs({ options: { url: { type: 'string' }, only: { type: 'string' }, reports: { type: 'string' } } });
const consoleDir = path.resolve(process.env['CONSOLE_DIR'] ?? 'dist');
const email = process.env['ADMIN_EMAIL'] ?? 'lighthouse@payrail.test';
const password = process.env['ADMIN_PASSWORD'] ?? 'lighthouse-password-1';

async function startServer(dataDir: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DATABASE_ENGINE: 'pglite',
      CONSOLE_DIR: consoleDir,
      ADMIN_EMAIL: email,
      ADMIN_PASSWORD: password,
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let attempt = 0; attempt < 1800; attempt++) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}.`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { child, baseUrl };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGTERM');
  throw new Error('The server did not become healthy within 180 s.');
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;
try {
  let baseUrl = values.url;
  if (!baseUrl) {
    const problem = consoleBuildProblem(consoleDir);
    if (problem) {
      console.error(`${problem}: nothing measured.`);
      process.exit(2);
    }
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'payrail-lighthouse-data-'));
    ({ child: server, baseUrl } = await startServer(dataDir));
  }
  const pages = await auditedPages(consoleDir, baseUrl, email, password);
  const only = values.only?.split(',');
  const selected = only
    ? pages.filter((page) => only.includes(page.path) || (page.builtPage !== undefined && only.includes(page.builtPage)))
    : pages;
  console.log(`Lighthouse, mobile, simulated throttling: ${selected.length} pages of ${baseUrl}`);
  const reportsDir = values.reports ? path.resolve(values.reports) : undefined;
  if (reportsDir) mkdirSync(reportsDir, { recursive: true });
  const results = await runLighthouse({
    baseUrl,
    pages: selected,
    email,
    password,
    log: console.log,
    ...(reportsDir ? { reportsDir } : {}),
  });
  const missed = results.filter((result) => !result.meetsGoal);
  console.log(missed.length === 0 ? 'Every page meets the goal.' : `${missed.length} page(s) miss Performance ≥ 98 or LCP ≤ 1.5 s.`);
  process.exitCode = missed.length === 0 ? 0 : 1;
} finally {
  server?.kill('SIGTERM');
  if (server && server.exitCode === null) await new Promise((resolve) => server?.once('exit', resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
