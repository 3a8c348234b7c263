// The command line of `npm run bench` (and the environment variables it still reads), and the command that
// reproduces one row of the results.
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Engine } from './types.ts';

export interface BenchOptions {
  engines: Engine[];
  /** Scenario names (`--only`); undefined: all. */
  only?: string[];
  payments: number;
  /** `--scale N`: N payments on PostgreSQL, the page, a dashboard and a callback compared with bench/results.json. */
  scale: boolean;
  connections: number;
  duration: number;
  rounds: number;
  databaseUrl: string;
  consoleDir: string;
}

/** Every engine, in the order a run measures them and results.md lists them. */
export const ENGINES: readonly Engine[] = ['pglite', 'embedded', 'postgres'];

export const DEFAULTS = { payments: 1_000_000, connections: 20, duration: 10, rounds: 3 };

const USAGE = `npm run bench -- [options]
  --engine pglite|postgres|embedded
                             one engine (repeat or comma-separate; default all three): embedded is the PostgreSQL the
                             server runs itself without DATABASE_URL, as npm start does
  --only NAME[,NAME]         these scenarios only (the bare route and the rounds' ratios come along): bare, get-page,
                             pgbench, post-payment, logging, get-search, psp-callback, processes, dashboards,
                             dashboard-chart, ai-query, webhook-pipeline, lighthouse, server-process,
                             search-selective, search-broad, filters, export
  --payments N               payments to seed (default 1000000)
  --scale N                  seed N payments on PostgreSQL; page, a dashboard and a callback against bench/results.json
  --connections C            autocannon -c (default 20)
  --duration S               autocannon -d, seconds (default 10)
  --rounds R                 rounds of the ratio scenarios (default 3)
  --database-url URL         PostgreSQL database to drop and recreate (default BENCH_DATABASE_URL or payrail_bench)
  --console-dir DIR          the built console the LCP check serves (default BENCH_CONSOLE_DIR or dist)`;

const positive = (name: string, raw: string | undefined, fallback: number) => {
  if (raw === undefined) return fallback;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number above 0 (got "${raw}")\n\n${USAGE}`);
  return value;
};

/** Reads the command line; throws with the usage on a bad one. */
export function parseBenchOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      engine: { type: 'string', multiple: true },
      only: { type: 'string', multiple: true },
      payments: { type: 'string' },
      scale: { type: 'string' },
      connections: { type: 'string' },
      duration: { type: 'string' },
      rounds: { type: 'string' },
      'database-url': { type: 'string' },
      'console-dir': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) throw new Error(USAGE);
  const list = (raw: string[] | undefined) =>
    raw
      ?.flatMap((item) => item.split(','))
      .map((item) => item.trim())
      .filter(Boolean);
  const engines = list(values.engine) ?? list([env['BENCH_ENGINES'] ?? '']) ?? [];
  const unknown = engines.find((engine) => !ENGINES.includes(engine as Engine));
  if (unknown !== undefined) throw new Error(`unknown engine "${unknown}"\n\n${USAGE}`);
  const scale = values.scale !== undefined;
  const payments = scale
    ? positive('scale', values.scale, 0)
    : positive('payments', values.payments ?? env['BENCH_PAYMENTS'], DEFAULTS.payments);
  return {
    engines: scale ? ['postgres'] : engines.length > 0 ? (engines as Engine[]) : [...ENGINES],
    ...(list(values.only) ? { only: list(values.only)! } : scale ? { only: ['get-page', 'dashboard-chart', 'psp-callback'] } : {}),
    payments,
    scale,
    connections: positive('connections', values.connections, DEFAULTS.connections),
    duration: positive('duration', values.duration, DEFAULTS.duration),
    rounds: positive('rounds', values.rounds, DEFAULTS.rounds),
    databaseUrl: values['database-url'] ?? env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/payrail_bench',
    consoleDir: path.resolve(values['console-dir'] ?? env['BENCH_CONSOLE_DIR'] ?? 'dist'),
  };
}

/** The one command that measures `scenario` on `engine` again with this run's settings. */
export function reproduce(options: BenchOptions, engine: Engine, scenario: string): string {
  const parts = ['npm run bench --'];
  if (options.scale) parts.push(`--scale ${options.payments}`);
  else parts.push(`--engine ${engine}`);
  parts.push(`--only ${scenario}`);
  if (!options.scale && options.payments !== DEFAULTS.payments) parts.push(`--payments ${options.payments}`);
  if (options.connections !== DEFAULTS.connections) parts.push(`--connections ${options.connections}`);
  if (options.duration !== DEFAULTS.duration) parts.push(`--duration ${options.duration}`);
  return parts.join(' ');
}
