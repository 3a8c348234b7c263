// The processes a measurement involves: the server under test (the app, `node server/main.ts`, or the bare Fastify
// route) started as a process of its own, and the CPU time each process used, read from /proc/<pid>/stat.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Linux reports utime and stime in clock ticks of 1/100 s on every architecture Node runs on (USER_HZ).
const TICK_MS = 10;

// The servers this process started and that still run: stopped with it when the bench is interrupted.
const running = new Set<ChildProcess>();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    for (const child of running) child.kill('SIGTERM');
    process.exit(130);
  });

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = (server.address() as AddressInfo | null) ?? { port: 0 };
      server.close(() => resolve(port));
    });
  });
}

/** User + system CPU time a process has used so far, in ms; undefined once it has gone (or on a system without /proc). */
export function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, hence the last ')'): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

/** A server process and the Node processes it started (WEB_CONCURRENCY's API processes; not its PostgreSQL). */
export function serverProcessTree(pid: number): number[] {
  const children = readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return parent === pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('server/main.ts') ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
  return [pid, ...children.sort((a, b) => a - b)];
}

/**
 * Waits until the processes have been (nearly) idle for a second, up to `timeoutMs`: the API processes of a
 * WEB_CONCURRENCY server start side by side, and the first that answers /api/health does not say the others listen; one
 * still starting is busy (or waits on another that is), so a quiet second says they all have.
 */
export async function waitUntilSettled(pids: number[], timeoutMs = 60_000): Promise<void> {
  const total = () => pids.reduce((sum, pid) => sum + (cpuMs(pid) ?? 0), 0);
  const deadline = performance.now() + timeoutMs;
  let before = total();
  while (performance.now() < deadline) {
    await sleep(1000);
    const now = total();
    // A tick or two: the worker's delivery poll, timers.
    if (now - before <= 20) return;
    before = now;
  }
}

/** VmRSS or VmHWM (peak) of a process, in MB. */
export function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : 0;
}

/** The pids of the PostgreSQL backends serving a database (readable in /proc when PostgreSQL runs on this host). */
export async function postgresBackends(databaseUrl: string): Promise<number[]> {
  const url = new URL(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [url.pathname.slice(1)],
    );
    return rows.map((row) => Number(row.pid));
  } finally {
    await client.end();
  }
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  /** From spawn to the first healthy answer. */
  startMs: number;
  output: () => string;
}

export interface AppServerOptions {
  port: number;
  /** DATA_DIR: the embedded database's files (PGlite's pg/, the embedded PostgreSQL's postgres/) and the secrets. */
  dataDir: string;
  databaseUrl?: string;
  /** Without databaseUrl: the embedded engine the server runs (default PGlite). */
  embeddedEngine?: 'pglite' | 'postgres';
  dataKeyHex: string;
  consoleDir: string;
  /** Extra environment: LOG_LEVEL, WORKER, … */
  env?: Record<string, string>;
}

/** The environment of the app server under test: the bench's rate limits lifted and its receiver on loopback allowed. */
function appEnvironment(options: AppServerOptions): NodeJS.ProcessEnv {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: options.dataDir,
    DATA_KEY: options.dataKeyHex,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
    CONSOLE_DIR: options.consoleDir,
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    // Every PSP callback of the bench comes from one address.
    PSP_WEBHOOK_RATE_LIMIT_PER_MINUTE: '1000000',
    ALLOW_PRIVATE_TARGETS: 'true',
    WORKER: 'off',
    ...options.env,
  };
  delete env['DATABASE_URL'];
  // Without a URL the server starts the embedded database: the PGlite rows measure PGlite, the embedded ones the
  // PostgreSQL the server runs itself (the default store of `npm start`).
  if (options.databaseUrl) env['DATABASE_URL'] = options.databaseUrl;
  else env['DATABASE_ENGINE'] = options.embeddedEngine ?? 'pglite';
  return env;
}

async function waitHealthy(child: ChildProcess, url: string, output: () => string, started: number): Promise<number> {
  while (performance.now() - started < 120_000) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return Math.round(performance.now() - started);
    } catch {
      // Not listening yet.
    }
    await sleep(10);
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not become healthy within 120 s: ${output()}`);
}

/**
 * Starts a server script as a process of its own and waits for `healthPath` to answer 200. Its stdout (the request
 * log at the default level) goes to /dev/null, as a deployed server's goes to a collector: the cost of writing the
 * lines is measured, not that of a pipe the bench would have to drain; stderr is kept for errors.
 */
async function startProcess(script: string, env: NodeJS.ProcessEnv, port: number, healthPath: string): Promise<ServerProcess> {
  let output = '';
  const started = performance.now();
  const child = spawn(process.execPath, [script], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const startMs = await waitHealthy(child, `${baseUrl}${healthPath}`, () => output, started);
  return { child, pid: child.pid!, baseUrl, startMs, output: () => output };
}

/** The Payrail server (`node server/main.ts`) as a process of its own. */
export function startAppServer(options: AppServerOptions): Promise<ServerProcess> {
  return startProcess('server/main.ts', appEnvironment(options), options.port, '/api/health');
}

/** The yardstick: a bare Fastify route (bench/lib/bare-server.ts) as a process of its own. */
export async function startBareServer(): Promise<ServerProcess> {
  const port = await freePort();
  return startProcess('bench/lib/bare-server.ts', { ...process.env, PORT: String(port) }, port, '/bare');
}

/** SIGTERM, then SIGKILL after 15 s; resolves once the process has exited. */
export async function stopProcess(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  server.child.kill('SIGTERM');
  const killer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(killer);
}
