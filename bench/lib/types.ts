import type { Database } from '../../server/db/client.ts';
import type { GeneratorSpec, LoadResult } from './load.ts';
import type { WebhookOrg } from './psp.ts';

/** PGlite; a PostgreSQL of the bench's (`--database-url`); the embedded PostgreSQL the server runs itself, as `npm start` does. */
export type Engine = 'pglite' | 'postgres' | 'embedded';

/** A load against one server: the path (and method, headers, body) and, when not the run's, its own connections and time. */
export type LoadSpec = Omit<GeneratorSpec, 'url' | 'connections' | 'duration' | 'warmupSeconds'> & {
  path: string;
  connections?: number;
  duration?: number;
  warmupSeconds?: number;
};

/** A Payrail server process the bench started (the default one, or another with its own environment). */
export interface AppServer {
  pid: number;
  baseUrl: string;
  /** Every process whose CPU counts as the server's, when more than `pid` (WEB_CONCURRENCY: the primary and its API processes). */
  pids?: number[];
}

/** What a scenario gets: the server processes, signed-in callers, the prepared data and the run's settings. */
export interface BenchContext {
  engine: Engine;
  /** The default app server (LOG_LEVEL at its default, WORKER=off: PGlite runs its worker inside all the same). */
  app: AppServer;
  /** The bare Fastify route's process. */
  bare: AppServer;
  /** PostgreSQL and the embedded PostgreSQL: the database the servers use (its backends' CPU is measured). */
  databaseUrl?: string;
  /** creator: the orgadmin of the second organisation, whose payments the POST rounds create (not one measured by the list rows). */
  tokens: { superadmin: string; orgadmin: string; largeOrgadmin: string; creator: string };
  /** The orgadmin's organisation. */
  orgId: number;
  /** The organisation grown to 30 % of the payments (300,000 of 1 M), whose orgadmin is tokens.largeOrgadmin. */
  largeOrgId: number;
  payments: number;
  connections: number;
  duration: number;
  warmupSeconds: number;
  webhooks: WebhookOrg;
  /** Prepared signed callbacks (files of bodies for the generator) and the references for the pipeline. */
  prepared: { pspFile: string; pspCount: number; pspWarmup: number; pipelineWarmup: string[]; pipelineLatency: string[] };
  /** Loads `server` (default: the app) from generators of their own; the CPU of the server, PostgreSQL and generator. */
  load(spec: LoadSpec, server?: AppServer): Promise<LoadResult>;
  /** Loads several servers at once, each from its generator; one result, CPU per server. */
  loadTogether(specs: { spec: LoadSpec; server: AppServer }[]): Promise<LoadResult>;
  /** PostgreSQL: another server process on the same data, with extra environment; kept for the engine's run. */
  extraServer(key: string, env: Record<string, string>): Promise<AppServer>;
  /** Stops the default server, runs `work` on the database from the bench process, starts it again with `env`. */
  restartApp(env: Record<string, string>, work?: (db: Database) => Promise<void>): Promise<AppServer>;
  /** Runs `work` on the database with every server of this engine stopped (PGlite admits one process). */
  withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T>;
  /** A console account (the bench superadmin) for what signs in through the browser (Lighthouse). */
  consoleAccount: { email: string; password: string };
  /** The built console the server serves (`--console-dir`). */
  consoleDir: string;
  /** Adds a scenario's measurements that are not load runs (a score, a paint) to the engine's checks in results.md. */
  recordChecks(scenario: string, checks: BudgetCheck[]): void;
  /** The exact page-of-10 statement the server ran (PostgreSQL), recorded by the page scenario for pgbench. */
  pageSql?: string;
}

export interface ScenarioResult extends LoadResult {
  scenario: string;
  name: string;
  engine: Engine;
  /** The p99 the budget allows on this engine, when there is one (docs/decisions.md#performance-budgets). */
  budgetP99Ms?: number;
  withinBudget: boolean;
  /** Requests per second relative to the bare Fastify route in the same run. */
  ratioToBare?: number;
  /** The rate of every round, in the order measured, when the scenario runs in rounds (the result is the median one). */
  roundsPerSecond?: number[];
  /** The least ratio to the bare route the budget allows on this engine, when there is one (docs/decisions.md#performance-budgets). */
  budgetRatio?: number;
  /** The least rate the budget allows (in `unit` per second), when there is one. */
  budgetPerSecond?: number;
  /** A streamed response's first byte, in ms (the export). */
  firstByteMs?: number;
  /** How much the server's resident memory grew over its level before, at its peak while the scenario ran, in MB. */
  rssGrowthMb?: number;
  /** The most RSS growth the budget allows, in MB, when there is one. */
  budgetRssGrowthMb?: number;
  /** What requestsPerSecond counts when not HTTP requests (e.g. "deliveries"). */
  unit?: string;
  /** The share of the machine's CPU time its host took while the scenario ran (a VM's steal time); null: unknown. */
  cpuStealPercent?: number | null;
  /** Where the time went, when the scenario breaks it down (written under the table). */
  detail?: string;
  /** The one command that reproduces the row. */
  command?: string;
}

/** A measurement that is not a load run (memory, start-up time, paint, disk), with its budget. */
export interface BudgetCheck {
  name: string;
  engine: Engine;
  value: number;
  unit: string;
  /** The most the budget allows. */
  budget?: number;
  /** The least the budget allows (a score). */
  minimum?: number;
  withinBudget: boolean;
  note?: string;
  command?: string;
}

/** One benchmark: a file in bench/scenarios/, listed in bench/scenarios/index.ts. */
export interface BenchScenario {
  /** The name `--only` takes. */
  name: string;
  /**
   * Measured in rounds interleaved with the bare route and the other such scenarios (bare, page, …, bare, page, …), as
   * the ratio budgets compare them: a slow minute of a shared machine then falls on every side of the ratio alike.
   */
  inRounds?: boolean;
  /** Engines it applies to (default both). */
  engines?: Engine[];
  run(context: BenchContext): Promise<ScenarioResult[]>;
}
