// The physical limit of the page of 10: pgbench running the exact statement the server ran (read back from
// pg_stat_activity), prepared, over as many connections as the generator opens — PostgreSQL answering with no HTTP,
// no Node and no JSON in the way.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cpuMs, postgresBackends } from './processes.ts';

/**
 * The page-of-10 statement last run on the database, with its $n placeholders; undefined when none ran yet. The page
 * reads one row more than it shows (limit 11), which tells the API whether a next page follows.
 */
export async function pageStatement(databaseUrl: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ query: string }>(
      `select query from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()
         and query like '%from payments p left join gateways g%' and query like '%limit 11%' and query not like '%ilike%'
       order by query_start desc limit 1`,
    );
    return rows[0]?.query;
  } finally {
    await client.end();
  }
}

/** pgbench on the PATH, else in PostgreSQL's own bin directory (Debian keeps it there). */
export function pgbenchBinary(): string | undefined {
  if (spawnSync('pgbench', ['--version']).status === 0) return 'pgbench';
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  for (const version of readdirSync(root).sort().reverse()) {
    const binary = path.join(root, version, 'bin', 'pgbench');
    if (existsSync(binary)) return binary;
  }
  return undefined;
}

/**
 * The statement as a pgbench script line: $1 becomes :org, and a colon in a quoted to_char format (`HH24:MI:SS`),
 * which pgbench would read as a variable, becomes the quoted literal `":"` — the same output, the same plan.
 */
function pgbenchText(statement: string): string {
  return statement
    .replace(/\s+/g, ' ')
    .replace(/'[^']*'/g, (literal) => literal.replace(/:(?=[A-Za-z_])/g, '":"'))
    .replace(/\$1\b/g, ':org');
}

export interface PgbenchResult {
  transactionsPerSecond: number;
  latencyAverageMs: number;
  /** CPU time of the backends serving pgbench and of pgbench itself, sampled every 200 ms (the last instant is missed). */
  postgresMs: number;
  pgbenchMs: number;
  seconds: number;
  command: string;
}

/** Runs `pgbench -n -c <clients> -j 2 -M prepared -T <seconds> -f <the statement>` with $1 bound to the organisation. */
export async function runPgbench(options: {
  databaseUrl: string;
  statement: string;
  orgId: number;
  clients: number;
  seconds: number;
}): Promise<PgbenchResult> {
  const binary = pgbenchBinary();
  if (!binary) throw new Error('pgbench not found (PATH or /usr/lib/postgresql/*/bin)');
  if (/\$[2-9]/.test(options.statement))
    throw new Error(`the page statement has more parameters than the organisation: ${options.statement}`);
  const file = path.join(os.tmpdir(), `payrail-bench-page-${process.pid}.sql`);
  writeFileSync(file, `\\set org ${options.orgId}\n${pgbenchText(options.statement)};\n`);
  const url = new URL(options.databaseUrl);
  const args = ['-n', '-c', String(options.clients), '-j', '2', '-M', 'prepared', '-T', String(options.seconds), '-f', file];
  args.push('-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres'), url.pathname.slice(1));
  const before = new Map<number, number>((await postgresBackends(options.databaseUrl)).map((pid) => [pid, cpuMs(pid) ?? 0]));
  const latest = new Map<number, number>();
  const started = performance.now();
  const child = spawn(binary, args, { env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let pgbenchMs = 0;
  const sample = async () => {
    pgbenchMs = cpuMs(child.pid!) ?? pgbenchMs;
    for (const pid of await postgresBackends(options.databaseUrl)) {
      const ms = cpuMs(pid);
      if (ms !== undefined) latest.set(pid, ms);
    }
  };
  const sampler = setInterval(() => void sample().catch(() => undefined), 200);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`pgbench failed (${code}): ${output}`);
  const tps = /tps = ([\d.]+)/.exec(output);
  const latency = /latency average = ([\d.]+) ms/.exec(output);
  let postgresMs = 0;
  for (const [pid, ms] of latest) postgresMs += ms - (before.get(pid) ?? 0);
  return {
    transactionsPerSecond: Number(tps?.[1] ?? 0),
    latencyAverageMs: Number(latency?.[1] ?? 0),
    postgresMs,
    pgbenchMs,
    seconds: Math.round((performance.now() - started) / 10) / 100,
    command: `${binary} ${args.join(' ')}`,
  };
}
