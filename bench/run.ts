// `npm run bench`: for each engine (PGlite, PostgreSQL) seeds a database, starts the Payrail server and a bare Fastify
// route as processes of their own and loads them from autocannon in processes of their own (bench/README.md: the
// method); writes bench/results.json and bench/results.md and exits non-zero, listing them, when a budget
// (docs/decisions.md#performance-budgets) is missed. Not part of `npm test`. `npm run bench -- --help` for the options;
// `--scale N` writes bench/results.scale.{json,md} instead.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseHandle } from '../server/db/client.ts';
import { embeddedPaths, openDefaultStore } from '../server/db/default-store.ts';
import { runningEmbeddedPostgresUrl } from '../server/db/embedded-postgres.ts';
import { seedProviders } from '../server/db/provider-catalogue.ts';
import { queryRows } from '../server/db/raw.ts';
import { seedReferenceData } from '../server/db/reference-data.ts';
import { hashPassword } from '../server/services/auth/passwords.ts';
import { insertUser } from '../server/services/users/users-repository.ts';
import { startStealMeter } from './lib/cpu-steal.ts';
import { measureLoad, type LoadResult } from './lib/load.ts';
import { ENGINES, parseBenchOptions, reproduce, type BenchOptions } from './lib/options.ts';
import { freePort, startAppServer, startBareServer, stopProcess, type ServerProcess } from './lib/processes.ts';
import { pendingPayments, setUpWebhookOrg, startReceiver, writeCallbacks } from './lib/psp.ts';
import { markdown, misses, withKeptSections, type EngineRun, type Report } from './lib/report.ts';
import { seedBenchData } from './lib/seed.ts';
import type { AppServer, BenchContext, BenchScenario, BudgetCheck, Engine, LoadSpec, ScenarioResult } from './lib/types.ts';
import { ON_REQUEST, SCENARIOS, SERVER_PROCESS } from './scenarios/index.ts';
import { serverProcess } from './scenarios/server-process.ts';
import { LATENCY_SECONDS, RATE_PER_SECOND, WARMUP_SECONDS } from './scenarios/webhook-pipeline.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ORGANISATIONS = 50;
const DAYS = 365;
const PASSWORD = 'bench-password-1';
// The orgadmin of the organisation grown to 300,000 of the 1 M payments.
const LARGE_ORGADMIN = 'bench.large@payrail.test';
const CREATOR_ORGADMIN = 'bench.creator@payrail.test';
const DATA_KEY = Buffer.alloc(32, 9);
// Signed callbacks prepared per second of the run (each is sent once): above what each engine answers.
const CALLBACKS_PER_SECOND = { pglite: 300, postgres: 2000, embedded: 2000 };
const log = (message: string) => console.log(message);

let options: BenchOptions;
try {
  options = parseBenchOptions(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
// PGlite files in <dir>/pg, as `npm start` keeps them under DATA_DIR.
const PGLITE_DATA_DIR = path.join(HERE, '.data', `pglite-${options.payments}`);
const POSTGRES_DATA_DIR = path.join(HERE, '.data', 'postgres-server');
// The embedded PostgreSQL's cluster in <dir>/postgres, as `npm start` keeps it under DATA_DIR.
const EMBEDDED_DATA_DIR = path.join(HERE, '.data', `embedded-${options.payments}`);
const DATA_DIRS = { pglite: PGLITE_DATA_DIR, postgres: POSTGRES_DATA_DIR, embedded: EMBEDDED_DATA_DIR };

async function freshPostgres(): Promise<DatabaseHandle> {
  const url = new URL(options.databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`the bench database URL must name a plain database (got "${name}")`);
  const maintenance = new URL(options.databaseUrl);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  return openDatabase({ databaseUrl: options.databaseUrl, poolSize: 20 });
}

function openEngineDatabase(engine: Engine): Promise<DatabaseHandle> {
  // The embedded PostgreSQL with its server stopped: the bench runs it itself meanwhile, on the same files.
  if (engine === 'embedded') return openDefaultStore({ databaseUrl: undefined, dataDir: EMBEDDED_DATA_DIR, engine: 'postgres', log });
  return engine === 'postgres'
    ? openDatabase({ databaseUrl: options.databaseUrl, poolSize: 4 })
    : openDatabase({ pgliteDir: path.join(PGLITE_DATA_DIR, 'pg') });
}

function directoryMb(dir: string): number {
  let bytes = 0;
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else bytes += statSync(full).size;
    }
  };
  if (existsSync(dir)) walk(dir);
  return Math.round(bytes / 1024 / 1024);
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

/** The round with the median rate (the slower middle one of an even count), with every round's rate; errors of all. */
function medianRound(rounds: ScenarioResult[]): ScenarioResult {
  const sorted = [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return {
    ...median,
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
    withinBudget: rounds.every((round) => round.withinBudget),
    ...(rounds.length > 1 ? { roundsPerSecond: rounds.map((round) => round.requestsPerSecond) } : {}),
  };
}

function logResult(result: ScenarioResult): void {
  const ms = (value: number) => value.toFixed(2).padStart(8);
  const cpu = result.cpu;
  const split = cpu
    ? `  CPU server ${cpu.serverMs.map((value) => Math.round(value / (cpu.seconds * 10))).join('+')} %${cpu.postgresMs === null ? '' : ` pg ${Math.round(cpu.postgresMs / (cpu.seconds * 10))} %`} gen ${Math.round(cpu.generatorMs / (cpu.seconds * 10))} % (${cpu.serverUsPerRequest} µs/req)`
    : '';
  log(
    `   ${result.withinBudget ? 'ok  ' : 'MISS'} ${result.name.padEnd(60)} p50 ${ms(result.p50Ms)} ms  p99 ${ms(result.p99Ms)} ms  ${result.requestsPerSecond.toFixed(0).padStart(7)} ${result.unit ?? 'req'}/s  errors ${result.errors}${split}`,
  );
  if (result.detail) log(`        ${result.detail}`);
}

/** Seeds the engine's database and prepares what the scenarios send; the database is closed again on return. */
async function prepareData(engine: Engine, baseUrl: string, selected: (name: string) => boolean) {
  log(`\n== ${engine}: seeding ${options.payments.toLocaleString('en')} payments over ${ORGANISATIONS} organisations and ${DAYS} days`);
  if (engine === 'pglite') {
    rmSync(PGLITE_DATA_DIR, { recursive: true, force: true });
    mkdirSync(path.join(PGLITE_DATA_DIR, 'pg'), { recursive: true });
  }
  if (engine === 'embedded') rmSync(EMBEDDED_DATA_DIR, { recursive: true, force: true });
  const database = engine === 'postgres' ? await freshPostgres() : await openEngineDatabase(engine);
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    await seedProviders(database.db, baseUrl);
    const started = Date.now();
    const { orgIds, firstOrgId, largeOrgId } = await seedBenchData(database.db, {
      payments: options.payments,
      organisations: ORGANISATIONS,
      days: DAYS,
      now: new Date(),
      dataKey: DATA_KEY,
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
    await insertUser(database.db, {
      name: 'Bench Large Orgadmin',
      email: LARGE_ORGADMIN,
      role: 'orgadmin',
      orgId: largeOrgId,
      passwordHash,
    });
    // The creations of the POST rounds go to an organisation of their own: in the orgadmin's, the ~100,000 Pending
    // payments they add would sit newest in the organisation the list, search and filter rows then measure.
    await insertUser(database.db, {
      name: 'Bench Creator',
      email: CREATOR_ORGADMIN,
      role: 'orgadmin',
      orgId: orgIds[1] ?? firstOrgId,
      passwordHash,
    });
    const receiver = await startReceiver();
    const webhooks = await setUpWebhookOrg(database.db, DATA_KEY, baseUrl, receiver);
    const pspWarmup = Math.min(1000, CALLBACKS_PER_SECOND[engine]);
    const pspCount = selected('psp-callback') ? CALLBACKS_PER_SECOND[engine] * options.duration + pspWarmup : 0;
    const pspFile = path.join(os.tmpdir(), `payrail-bench-${process.pid}-${engine}-callbacks.json`);
    writeCallbacks(pspFile, await pendingPayments(database.db, webhooks, pspCount));
    const pipelineCount = selected('webhook-pipeline') ? 1 + RATE_PER_SECOND * (WARMUP_SECONDS + LATENCY_SECONDS) : 0;
    const pipeline = await pendingPayments(database.db, webhooks, pipelineCount);
    const [version] = await queryRows<{ version: string }>(database.db, sql`select version() as version`);
    const [size] =
      engine !== 'pglite'
        ? await queryRows<{ bytes: number }>(database.db, sql`select pg_database_size(current_database())::bigint as bytes`)
        : [undefined];
    return {
      firstOrgId,
      largeOrgId,
      seedSeconds,
      webhooks,
      prepared: {
        pspFile,
        pspCount,
        pspWarmup,
        pipelineWarmup: pipeline.slice(0, 1 + RATE_PER_SECOND * WARMUP_SECONDS),
        pipelineLatency: pipeline.slice(1 + RATE_PER_SECOND * WARMUP_SECONDS),
      },
      serverVersion: version?.version ?? engine,
      sizeBytes: size ? Number(size.bytes) : undefined,
    };
  } finally {
    await database.close();
  }
}

/** The servers of one engine's run: the default app, the bare route, extra app processes on the same data. */
class Servers {
  app!: ServerProcess;
  bare!: ServerProcess;
  private readonly extras = new Map<string, ServerProcess>();
  private readonly engine: Engine;
  private readonly port: number;
  constructor(engine: Engine, port: number) {
    this.engine = engine;
    this.port = port;
  }

  private appOptions(port: number, env: Record<string, string>) {
    return {
      port,
      dataDir: DATA_DIRS[this.engine],
      ...(this.engine === 'postgres' ? { databaseUrl: options.databaseUrl } : {}),
      ...(this.engine === 'embedded' ? { embeddedEngine: 'postgres' as const } : {}),
      dataKeyHex: DATA_KEY.toString('hex'),
      consoleDir: options.consoleDir,
      env,
    };
  }

  async start(env: Record<string, string> = {}): Promise<void> {
    this.app = await startAppServer(this.appOptions(this.port, env));
    this.bare ??= await startBareServer();
  }

  async extra(key: string, env: Record<string, string>): Promise<AppServer> {
    if (this.engine !== 'postgres')
      throw new Error('a second server needs a PostgreSQL of its own (an embedded database admits one server)');
    let server = this.extras.get(key);
    if (!server) {
      server = await startAppServer(this.appOptions(await freePort(), env));
      this.extras.set(key, server);
    }
    return server;
  }

  /** Stops every app process (the bare route stays). */
  async stopApps(): Promise<void> {
    await Promise.all([...this.extras.values()].map(stopProcess));
    this.extras.clear();
    await stopProcess(this.app);
  }

  async stopAll(): Promise<void> {
    await this.stopApps();
    await stopProcess(this.bare);
  }
}

const asServer = (server: ServerProcess): AppServer => ({ pid: server.pid, baseUrl: server.baseUrl });
// The socket of the embedded PostgreSQL the server runs, for the CPU of its backends.
const engineDatabaseUrl = (engine: Engine) =>
  engine === 'postgres'
    ? options.databaseUrl
    : engine === 'embedded'
      ? runningEmbeddedPostgresUrl(embeddedPaths(EMBEDDED_DATA_DIR).postgres)
      : undefined;

async function runEngine(engine: Engine, selected: BenchScenario[]): Promise<EngineRun> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const names = new Set(selected.map((scenario) => scenario.name));
  const data = await prepareData(engine, baseUrl, (name) => names.has(name));
  const diskMb = data.sizeBytes === undefined ? directoryMb(PGLITE_DATA_DIR) : Math.round(data.sizeBytes / 1024 / 1024);
  log(`   seeded in ${data.seedSeconds.toFixed(1)} s; ${diskMb.toLocaleString('en')} MB on disk`);
  const servers = new Servers(engine, port);
  await servers.start();
  const databaseUrl = engineDatabaseUrl(engine);
  const spec = (load: LoadSpec, server: AppServer) => ({
    url: `${server.baseUrl}${load.path}`,
    ...(load.method ? { method: load.method } : {}),
    ...(load.headers ? { headers: load.headers } : {}),
    ...(load.body === undefined ? {} : { body: load.body }),
    ...(load.bodiesFile ? { bodiesFile: load.bodiesFile, warmupAmount: load.warmupAmount ?? 0 } : {}),
    connections: load.connections ?? options.connections,
    duration: load.duration ?? options.duration,
    warmupSeconds: load.warmupSeconds ?? Math.min(3, options.duration),
  });
  const results: ScenarioResult[] = [];
  const recorded: BudgetCheck[] = [];
  const withDatabase = async <T>(work: (db: Database) => Promise<T>): Promise<T> => {
    const database = await openEngineDatabase(engine);
    try {
      return await work(database.db);
    } finally {
      await database.close();
    }
  };
  try {
    const context: BenchContext = {
      engine,
      app: asServer(servers.app),
      bare: asServer(servers.bare),
      ...(databaseUrl ? { databaseUrl } : {}),
      tokens: {
        superadmin: await signIn(baseUrl, 'bench.super@payrail.test'),
        orgadmin: await signIn(baseUrl, 'bench.org@payrail.test'),
        largeOrgadmin: await signIn(baseUrl, LARGE_ORGADMIN),
        creator: await signIn(baseUrl, CREATOR_ORGADMIN),
      },
      orgId: data.firstOrgId,
      largeOrgId: data.largeOrgId,
      payments: options.payments,
      connections: options.connections,
      duration: options.duration,
      warmupSeconds: Math.min(3, options.duration),
      webhooks: data.webhooks,
      prepared: data.prepared,
      load: (load, server = context.app): Promise<LoadResult> =>
        measureLoad([spec(load, server)], { serverPids: server.pids ?? [server.pid], ...(databaseUrl ? { databaseUrl } : {}) }),
      loadTogether: (loads) =>
        measureLoad(
          loads.map(({ spec: load, server }) => spec(load, server)),
          { serverPids: loads.flatMap(({ server }) => server.pids ?? [server.pid]), ...(databaseUrl ? { databaseUrl } : {}) },
        ),
      extraServer: (key, env) => servers.extra(key, env),
      consoleAccount: { email: 'bench.super@payrail.test', password: PASSWORD },
      consoleDir: options.consoleDir,
      recordChecks: (scenario, checks) =>
        recorded.push(...checks.map((check) => ({ ...check, command: reproduce(options, engine, scenario) }))),
      async restartApp(env, work) {
        await servers.stopApps();
        if (work) await withDatabase(work);
        await servers.start(env);
        context.app = asServer(servers.app);
        return context.app;
      },
      async withDatabase(work) {
        await servers.stopApps();
        try {
          return await withDatabase(work);
        } finally {
          await servers.start();
          context.app = asServer(servers.app);
        }
      },
    };
    const measured = async (scenario: BenchScenario, label: string) => {
      log(`-- ${label}`);
      const stolen = startStealMeter();
      const rows = await scenario.run(context);
      const cpuStealPercent = stolen();
      for (const row of rows) {
        row.cpuStealPercent = cpuStealPercent;
        const notes = [
          row.failures
            ? `failed: ${Object.entries(row.failures)
                .map(([what, count]) => `${count} × ${what}`)
                .join(', ')}`
            : '',
          row.requests === 0 && row.errors === 0 ? 'no answer within the measured time (each took longer than the run)' : '',
        ].filter(Boolean);
        // A budget cannot be met by a run that measured nothing.
        if (row.requests === 0 && (row.budgetP99Ms ?? row.budgetRatio ?? row.budgetPerSecond) !== undefined) row.withinBudget = false;
        if (notes.length > 0) row.detail = [row.detail, ...notes].filter(Boolean).join('; ');
        row.command = reproduce(options, engine, scenario.name);
        logResult(row);
      }
      return rows;
    };
    // The ratio budgets compare rates measured minutes apart on a shared machine: in rounds, the bare route and the
    // app take turns, and each reports its median round, so a slow minute cannot fall on one side of a ratio only.
    const byName = new Map<string, ScenarioResult[]>();
    for (let round = 1; round <= options.rounds; round++)
      for (const scenario of selected.filter((item) => item.inRounds))
        for (const row of await measured(scenario, `${scenario.name} (round ${round} of ${options.rounds})`))
          byName.set(row.name, [...(byName.get(row.name) ?? []), row]);
    results.push(...[...byName.values()].map(medianRound));
    for (const scenario of selected.filter((item) => !item.inRounds)) results.push(...(await measured(scenario, scenario.name)));
  } finally {
    await servers.stopAll();
    await data.webhooks.receiver.close();
    rmSync(data.prepared.pspFile, { force: true });
  }
  const bare = results.find((result) => result.scenario === 'bare');
  for (const result of results)
    if (!result.unit && result.budgetPerSecond !== undefined && result.requestsPerSecond < result.budgetPerSecond)
      result.withinBudget = false;
  for (const result of results) {
    if (!bare || result.unit || result.scenario === 'bare') continue;
    result.ratioToBare = Math.round((result.requestsPerSecond / bare.requestsPerSecond) * 1000) / 1000;
    if (result.budgetRatio !== undefined && result.ratioToBare < result.budgetRatio) result.withinBudget = false;
  }
  const page = results.find((result) => result.scenario === 'get-page');
  for (const variant of results.filter((result) => result.scenario === 'logging'))
    if (page?.cpu && variant.cpu)
      variant.detail = `${variant.cpu.serverUsPerRequest - page.cpu.serverUsPerRequest} µs of server CPU per request against the default server (${page.cpu.serverUsPerRequest} µs; median rounds)`;
  return {
    engine,
    serverVersion: data.serverVersion,
    seedSeconds: data.seedSeconds,
    diskMb,
    loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
    results,
    checks: recorded,
  };
}

/** Cold start, peak RSS and LCP of the server as `npm start` runs it, on the data just seeded. */
async function processChecks(engine: Engine): Promise<BudgetCheck[]> {
  log(`-- ${SERVER_PROCESS} (${engine})`);
  const dataDir = DATA_DIRS[engine];
  mkdirSync(dataDir, { recursive: true });
  const checks = await serverProcess({
    engine,
    server: {
      dataDir,
      ...(engine === 'postgres' ? { databaseUrl: options.databaseUrl } : {}),
      ...(engine === 'embedded' ? { embeddedEngine: 'postgres' as const } : {}),
      dataKeyHex: DATA_KEY.toString('hex'),
      consoleDir: options.consoleDir,
    },
    email: 'bench.org@payrail.test',
    password: PASSWORD,
    connections: options.connections,
    log,
  });
  for (const check of checks) {
    check.command = reproduce(options, engine, SERVER_PROCESS);
    log(
      `   ${check.withinBudget ? 'ok  ' : 'MISS'} ${check.name}: ${check.value} ${check.unit}${check.budget === undefined ? '' : ` (budget ${check.budget})`}`,
    );
  }
  return checks;
}

/** --scale: each p99 against the same row of bench/results.json (its PostgreSQL run), within 2×. */
function compareWithBaseline(run: EngineRun, baseline: Report | undefined): void {
  const before = baseline?.engines.find((item) => item.engine === 'postgres');
  for (const result of run.results) {
    const same = before?.results.find((item) => item.name === result.name);
    if (!same) continue;
    result.budgetP99Ms = Math.round(same.p99Ms * 2 * 100) / 100;
    delete result.budgetRatio;
    result.detail = `${[result.detail, `p99 at ${baseline!.payments.toLocaleString('en')} payments: ${same.p99Ms} ms (× ${(result.p99Ms / Math.max(0.01, same.p99Ms)).toFixed(2)} now)`].filter(Boolean).join('; ')}`;
    // At scale the budget is this rule alone (the 1 M budgets are checked by the main run).
    result.withinBudget = result.errors === 0 && result.p99Ms <= result.budgetP99Ms;
  }
}

const allScenarios = [...SCENARIOS, ...ON_REQUEST];
const known = new Set([...allScenarios.map((scenario) => scenario.name), SERVER_PROCESS]);
for (const name of options.only ?? [])
  if (!known.has(name)) {
    console.error(`unknown scenario "${name}"; known: ${[...known].join(', ')}`);
    process.exit(2);
  }
const wanted = (scenario: BenchScenario) =>
  options.only ? options.only.includes(scenario.name) || (scenario.name === 'bare' && !options.scale) : SCENARIOS.includes(scenario);
const resultsBase = path.join(HERE, options.scale ? 'results.scale' : 'results');
const baselineFile = path.join(HERE, 'results.json');
const baseline = options.scale && existsSync(baselineFile) ? (JSON.parse(readFileSync(baselineFile, 'utf8')) as Report) : undefined;
const report: Report = {
  when: new Date().toISOString(),
  payments: options.payments,
  settings: { connections: options.connections, duration: options.duration, rounds: options.rounds, scale: options.scale },
  environment: {
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    cpus: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
  },
  engines: [],
  ...(baseline ? { baseline: { when: baseline.when, payments: baseline.payments } } : {}),
};
for (const engine of options.engines) {
  const selected = allScenarios.filter((scenario) => wanted(scenario) && (scenario.engines ?? [engine]).includes(engine));
  const when = new Date().toISOString();
  const run = { when, ...(await runEngine(engine, selected)) };
  if (!options.scale && (!options.only || options.only.includes(SERVER_PROCESS))) run.checks.push(...(await processChecks(engine)));
  if (options.scale) compareWithBaseline(run, baseline);
  report.engines.push(run);
}
// This run's misses decide the exit status; the sections kept from the last results below are not measured again.
const missed = misses(report);
// A whole run (neither --only nor --scale) of some engines keeps the other engines' sections of the last results.
if (!options.only && !options.scale && existsSync(baselineFile)) {
  const measured = new Set(report.engines.map((run) => run.engine));
  report.engines = withKeptSections(report, JSON.parse(readFileSync(baselineFile, 'utf8')) as Report, ENGINES);
  const kept = report.engines.filter((run) => !measured.has(run.engine));
  if (kept.length > 0) log(`\nKept the last results of ${kept.map((run) => `${run.engine} (${run.when})`).join(', ')}.`);
}
writeFileSync(`${resultsBase}.json`, `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(`${resultsBase}.md`, `${markdown(report)}\n`);
log(`\nWrote ${path.relative(process.cwd(), resultsBase)}.md and .json.`);
if (missed.length > 0) {
  console.error(`\n${missed.length} budget(s) missed:\n- ${missed.join('\n- ')}`);
  process.exit(1);
}
process.exit(0);
