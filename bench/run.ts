// `npm run bench`: seeds a database per engine (PGlite, PostgreSQL), serves the real app on it and runs every
// scenario of bench/scenarios/ against it; writes bench/results.json and bench/results.md and fails when a budget
// (docs/decisions.md#performance-budgets) is missed. Not part of `npm test`. Each engine runs in a process of its own (engineInOwnProcess).
//
//   BENCH_PAYMENTS=1000000   payments to seed (50 organisations over a year of days)
//   BENCH_ENGINES=pglite,postgres
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/payrail_bench   (dropped and recreated)
//   BENCH_SCENARIOS=dashboard,ai-query   only these (the bare route always runs: the ratios need it)
//   BENCH_REQUESTS=3000  BENCH_CONCURRENCY=4  BENCH_ROUNDS=3 (the bare route, list and create take turns)
//   BENCH_CONSOLE_DIR=dist-bench   the built console the server process serves (LCP); BENCH_PROCESS=off skips that part
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { openDatabase, type DatabaseHandle } from '../server/db/client.ts';
import { seedProviders } from '../server/db/provider-catalogue.ts';
import { queryRows } from '../server/db/raw.ts';
import { seedReferenceData } from '../server/db/reference-data.ts';
import { hashPassword } from '../server/services/auth/passwords.ts';
import { insertUser } from '../server/services/users/users-repository.ts';
import { closeWebhookOrg } from './lib/psp.ts';
import { startStealMeter } from './lib/cpu-steal.ts';
import { seedBenchData } from './lib/seed.ts';
import type { BenchContext, BenchScenario, BudgetCheck, Engine, ScenarioResult } from './lib/types.ts';
import { SCENARIOS } from './scenarios/index.ts';
import { serverProcess } from './scenarios/server-process.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const env = (name: string, fallback: string) => process.env[name] || fallback;
const PAYMENTS = Number(env('BENCH_PAYMENTS', '1000000'));
const ORGANISATIONS = 50;
const DAYS = 365;
const ENGINES = env('BENCH_ENGINES', 'pglite,postgres')
  .split(',')
  .map((e) => e.trim()) as Engine[];
const DATABASE_URL = env('BENCH_DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/payrail_bench');
const ONLY = process.env['BENCH_SCENARIOS']?.split(',').map((s) => s.trim());
const REQUESTS = Number(env('BENCH_REQUESTS', '3000'));
const CONCURRENCY = Number(env('BENCH_CONCURRENCY', '4'));
const ROUNDS = Math.max(1, Number(env('BENCH_ROUNDS', '3')));
const CONSOLE_DIR = path.resolve(env('BENCH_CONSOLE_DIR', 'dist'));
const PROCESS_CHECKS = env('BENCH_PROCESS', 'on') !== 'off';
const PASSWORD = 'bench-password-1';
const DATA_KEY = Buffer.alloc(32, 9);
// PGlite files in <dir>/pg, as `npm start` keeps them under DATA_DIR: the server process check reuses the directory.
const PGLITE_DATA_DIR = path.join(HERE, '.data', `pglite-${PAYMENTS}`);
const log = (message: string) => console.log(message);
// Set in the process that runs one engine for the parent run (engineInOwnProcess).
const ENGINE_OUT = process.env['BENCH_ENGINE_OUT'];

async function freshPostgres(): Promise<DatabaseHandle> {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_DATABASE_URL must name a plain database (got "${name}")`);
  const maintenance = new URL(DATABASE_URL);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  return openDatabase({ databaseUrl: DATABASE_URL, poolSize: 20 });
}

async function freshPglite(): Promise<DatabaseHandle> {
  rmSync(PGLITE_DATA_DIR, { recursive: true, force: true });
  mkdirSync(path.join(PGLITE_DATA_DIR, 'pg'), { recursive: true });
  return openDatabase({ pgliteDir: path.join(PGLITE_DATA_DIR, 'pg') });
}

function logResult(result: ScenarioResult): void {
  const ms = (value: number) => value.toFixed(2).padStart(8);
  const verdict = result.withinBudget ? 'ok  ' : 'MISS';
  const rate = result.requestsPerSecond.toFixed(0).padStart(7);
  log(
    `   ${verdict} ${result.name.padEnd(64)} p50 ${ms(result.p50Ms)} ms  p99 ${ms(result.p99Ms)} ms  ${rate} req/s  errors ${result.errors}  steal ${result.cpuStealPercent ?? '?'} %`,
  );
  if (result.detail) log(`        ${result.detail}`);
}

/** The round with the median rate (the slower middle one of an even count), with every round's rate; errors of all. */
function medianRound(rounds: ScenarioResult[]): ScenarioResult {
  const sorted = [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  const errors = rounds.reduce((sum, round) => sum + round.errors, 0);
  return {
    ...median,
    errors,
    withinBudget: rounds.every((round) => round.withinBudget),
    ...(rounds.length > 1 ? { roundsPerSecond: rounds.map((round) => round.requestsPerSecond) } : {}),
  };
}

async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function runEngine(engine: Engine): Promise<{
  results: ScenarioResult[];
  checks: BudgetCheck[];
  seedSeconds: number;
  serverVersion: string;
  rssMb: number;
  loadAverage: number[];
}> {
  log(`\n== ${engine}: seeding ${PAYMENTS.toLocaleString('en')} payments over ${ORGANISATIONS} organisations and ${DAYS} days`);
  const database = engine === 'postgres' ? await freshPostgres() : await freshPglite();
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    await seedProviders(database.db, 'http://127.0.0.1');
    const started = Date.now();
    const { firstOrgId } = await seedBenchData(database.db, {
      payments: PAYMENTS,
      organisations: ORGANISATIONS,
      days: DAYS,
      now: new Date(),
      log,
    });
    const seedSeconds = (Date.now() - started) / 1000;
    const passwordHash = await hashPassword(PASSWORD);
    await insertUser(database.db, {
      name: 'Bench Superadmin',
      email: 'bench.super@payrail.test',
      role: 'superadmin',
      orgId: null,
      passwordHash,
    });
    await insertUser(database.db, {
      name: 'Bench Orgadmin',
      email: 'bench.org@payrail.test',
      role: 'orgadmin',
      orgId: firstOrgId,
      passwordHash,
    });
    const [version] = await queryRows<{ version: string }>(database.db, sql`select version() as version`);
    const app = await buildApp({
      database,
      jwtSecret: new TextEncoder().encode('bench-secret-that-is-long-enough-for-hs256-0123456789'),
      dataKey: DATA_KEY,
      publicUrl: 'http://127.0.0.1',
      logger: false,
      authRateLimitPerMinute: 10_000,
      // The PSP callbacks of the webhook scenarios all come from one address.
      pspWebhookRateLimitPerMinute: 1_000_000,
      // The webhook scenarios' receiver is on loopback.
      allowPrivateTargets: true,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    let context: BenchContext | undefined;
    try {
      const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const signedIn: BenchContext = {
        engine,
        baseUrl,
        tokens: {
          superadmin: await signIn(baseUrl, 'bench.super@payrail.test'),
          orgadmin: await signIn(baseUrl, 'bench.org@payrail.test'),
        },
        orgId: firstOrgId,
        payments: PAYMENTS,
        requests: REQUESTS,
        concurrency: CONCURRENCY,
        db: database.db,
        dataKey: DATA_KEY,
      };
      context = signedIn;
      const selected = SCENARIOS.filter((scenario) => scenario.name === 'bare-route' || !ONLY || ONLY.includes(scenario.name));
      const measured = async (scenario: BenchScenario, label: string) => {
        log(`-- ${label}`);
        const stolen = startStealMeter();
        const results = await scenario.run(signedIn);
        const cpuStealPercent = stolen();
        for (const result of results) {
          result.cpuStealPercent = cpuStealPercent;
          logResult(result);
        }
        return results;
      };
      // The ratio budgets compare rates measured minutes apart on a shared machine: in rounds, bare route and endpoints
      // take turns, and each reports its median round, so a slow minute cannot fall on one side of a ratio only.
      const roundsByName = new Map<string, ScenarioResult[]>();
      for (let round = 1; round <= ROUNDS; round++)
        for (const scenario of selected.filter((item) => item.inRounds))
          for (const result of await measured(scenario, `${scenario.name} (round ${round} of ${ROUNDS})`))
            roundsByName.set(result.name, [...(roundsByName.get(result.name) ?? []), result]);
      const results = [...roundsByName.values()].map(medianRound);
      for (const scenario of selected.filter((item) => !item.inRounds)) results.push(...(await measured(scenario, scenario.name)));
      const bare = results.find((result) => result.scenario === 'bare-route');
      for (const result of results) {
        if (!bare) continue;
        result.ratioToBare = Math.round((result.requestsPerSecond / bare.requestsPerSecond) * 1000) / 1000;
        if (result.budgetRatio !== undefined && result.ratioToBare < result.budgetRatio) result.withinBudget = false;
      }
      return {
        results,
        checks: [],
        seedSeconds,
        serverVersion: version?.version ?? engine,
        rssMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
        loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
      };
    } finally {
      if (context) await closeWebhookOrg(context);
      await app.close();
    }
  } finally {
    await database.close();
  }
}

/** The server as its own process on the data just seeded (the engine run has closed its database). */
async function processChecks(engine: Engine): Promise<BudgetCheck[]> {
  if (!PROCESS_CHECKS) return [];
  log(`-- server-process (${engine})`);
  const dataDir = engine === 'pglite' ? PGLITE_DATA_DIR : path.join(HERE, '.data', 'postgres-server');
  mkdirSync(dataDir, { recursive: true });
  const checks = await serverProcess({
    engine,
    dataDir,
    ...(engine === 'postgres' ? { databaseUrl: DATABASE_URL } : {}),
    dataKeyHex: DATA_KEY.toString('hex'),
    consoleDir: CONSOLE_DIR,
    email: 'bench.org@payrail.test',
    password: PASSWORD,
    requests: REQUESTS,
    concurrency: CONCURRENCY,
    log,
  });
  for (const check of checks)
    log(
      `   ${check.withinBudget ? 'ok  ' : 'MISS'} ${check.name}: ${check.value} ${check.unit}${check.budget === undefined ? '' : ` (budget ${check.budget})`}`,
    );
  return checks;
}

function markdown(report: Report): string {
  const lines = [
    '# Benchmark results',
    '',
    `Measured ${report.when} on ${report.environment.cpu} (${report.environment.cpus} cores, ${report.environment.memoryGb} GB), ${report.environment.os}, Node ${report.environment.node}.`,
    `Data: ${report.payments.toLocaleString('en')} payments, ${ORGANISATIONS} organisations, ${DAYS} days. Load: per endpoint at least ${REQUESTS} requests and 2 s (the bare route ×5; the search and the analyst a tenth), after a warm-up of at least a fifth of them and 3 s, over ${CONCURRENCY} keep-alive connections (the analyst: at most 4); PSP callbacks are a fixed number prepared in advance. The bare route, the page of payments and the creation take turns in ${ROUNDS} rounds; each shows its median round (every round's rate in brackets) and the ratios compare medians. Load generator, server and database share the machine. CPU steal: the share of the machine's CPU time its host took while the scenario ran (\`/proc/stat\`), which marks a slow phase of a shared VM.`,
    '',
  ];
  for (const run of report.engines) {
    lines.push(
      `## ${run.engine}`,
      '',
      `${run.serverVersion.split(' on ')[0] ?? run.serverVersion}; seeded in ${run.seedSeconds.toFixed(1)} s; bench process RSS ${run.rssMb} MB; load average after the load runs ${run.loadAverage.join(' / ')} (1 / 5 / 15 min).`,
      '',
    );
    lines.push(
      '| scenario | requests/s | p50 ms | p99 ms | errors | × bare route | CPU steal % | budget |',
      '|---|---:|---:|---:|---:|---:|---:|---|',
    );
    for (const result of run.results) {
      const rule = [
        result.budgetP99Ms === undefined ? undefined : `p99 ≤ ${result.budgetP99Ms} ms`,
        result.budgetRatio === undefined ? undefined : `≥ ${result.budgetRatio} × bare`,
        result.budgetPerSecond === undefined ? undefined : `≥ ${result.budgetPerSecond} ${result.unit ?? 'requests'}/s`,
      ].filter(Boolean);
      const budget = rule.length === 0 ? '' : `${rule.join(', ')}: ${result.withinBudget ? 'met' : '**missed**'}`;
      const rounds = result.roundsPerSecond ? ` (rounds: ${result.roundsPerSecond.map((rate) => rate.toFixed(0)).join(', ')})` : '';
      const rate = `${result.requestsPerSecond.toFixed(0)}${result.unit ? ` ${result.unit}` : ''}${rounds}`;
      lines.push(
        `| ${result.name.replace(/\|/g, '\\|')} | ${rate} | ${result.p50Ms.toFixed(2)} | ${result.p99Ms.toFixed(2)} | ${result.errors} | ${result.ratioToBare?.toFixed(3) ?? '1'} | ${result.cpuStealPercent ?? ''} | ${budget} |`,
      );
    }
    lines.push('');
    const details = run.results.filter((result) => result.detail);
    if (details.length > 0) lines.push(...details.map((result) => `- ${result.name}: ${result.detail}`), '');
    if (run.checks.length > 0) {
      lines.push('| server process check | measured | budget | |', '|---|---:|---|---|');
      for (const check of run.checks)
        lines.push(
          `| ${check.name} | ${check.value} ${check.unit} | ${check.budget === undefined ? '' : `≤ ${check.budget} ${check.unit}: ${check.withinBudget ? 'met' : '**missed**'}`} | ${check.note ?? ''} |`,
        );
      lines.push('');
    }
  }
  return lines.join('\n');
}

/**
 * Runs one engine's scenarios in a process of its own, as a deployed server runs one engine: code that served PGlite
 * first would otherwise meet PostgreSQL with V8's optimisations and heap shaped by the other driver.
 */
function engineInOwnProcess(engine: Engine): Report['engines'][number] {
  const out = path.join(os.tmpdir(), `payrail-bench-${process.pid}-${engine}.json`);
  const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_ENGINES: engine, BENCH_ENGINE_OUT: out },
    stdio: 'inherit',
  });
  if (child.status !== 0) throw new Error(`the ${engine} run failed (exit ${child.status ?? child.signal})`);
  try {
    return JSON.parse(readFileSync(out, 'utf8')) as Report['engines'][number];
  } finally {
    rmSync(out, { force: true });
  }
}

interface Report {
  when: string;
  payments: number;
  environment: { node: string; os: string; cpu: string; cpus: number; memoryGb: number };
  engines: {
    engine: Engine;
    serverVersion: string;
    seedSeconds: number;
    rssMb: number;
    loadAverage: number[];
    results: ScenarioResult[];
    checks: BudgetCheck[];
  }[];
}

if (ENGINE_OUT) {
  // A child of the run below: its one engine's results go to the parent.
  const [engine] = ENGINES as [Engine];
  const run = await runEngine(engine);
  writeFileSync(ENGINE_OUT, JSON.stringify({ engine, ...run, checks: await processChecks(engine) }));
  process.exit(0);
}
const report: Report = {
  when: new Date().toISOString(),
  payments: PAYMENTS,
  environment: {
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    cpus: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
  },
  engines: [],
};
for (const engine of ENGINES) report.engines.push(engineInOwnProcess(engine));
writeFileSync(path.join(HERE, 'results.json'), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(path.join(HERE, 'results.md'), `${markdown(report)}\n`);
log(`\nWrote bench/results.md and bench/results.json.`);
const missed = [
  ...report.engines.flatMap((run) =>
    run.results
      .filter((result) => !result.withinBudget)
      .map(
        (result) =>
          `${result.engine} ${result.name} (${result.requestsPerSecond} ${result.unit ?? 'req'}/s, ×${result.ratioToBare ?? 1} bare, p99 ${result.p99Ms} ms, errors ${result.errors})`,
      ),
  ),
  ...report.engines.flatMap((run) =>
    run.checks.filter((check) => !check.withinBudget).map((check) => `${check.engine} ${check.name} (${check.value} ${check.unit})`),
  ),
];
if (missed.length > 0) {
  console.error(`Budget missed: ${missed.join('; ')}`);
  process.exit(1);
}
