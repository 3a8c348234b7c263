// One measured load: autocannon in a process of its own (bench/lib/generator.ts) against a server in a process of its
// own, and the CPU time every process involved used while it ran — the server(s), the PostgreSQL backends of the
// bench database, the generator — read before and after the measured part (after the warm-up).
import { fork } from 'node:child_process';
import path from 'node:path';
import { cpuMs, postgresBackends, ROOT } from './processes.ts';

export interface GeneratorSpec {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** JSON text sent with every request. */
  body?: string;
  /** A JSON file of `{ body, headers }`, each sent once, in order: the warm-up takes the first `warmupAmount`. */
  bodiesFile?: string;
  warmupAmount?: number;
  connections: number;
  duration: number;
  warmupSeconds: number;
}

export interface GeneratorResult {
  requests: number;
  errors: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  maxMs: number;
  generatorCpuMs: number;
  statusCodes: Record<string, number>;
  timeouts: number;
  connectionErrors: number;
}

/** The CPU time each process used during the measured part, in ms, and the server's per request. */
export interface CpuSplit {
  seconds: number;
  /** One entry per server process under load. */
  serverMs: number[];
  /** The bench database's backends (PostgreSQL on this host); null: not measured (PGlite runs inside the server). */
  postgresMs: number | null;
  generatorMs: number;
  /** Server CPU time per answered request, in µs (all server processes together). */
  serverUsPerRequest: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  maxMs: number;
  cpu?: CpuSplit;
  /** Answers by status code, and "timeout"/"connection error" counts, when any answer was not a 2xx. */
  failures?: Record<string, number>;
}

export interface Watched {
  serverPids: number[];
  /** PostgreSQL's backends of this database are measured (PostgreSQL on this host). */
  databaseUrl?: string;
}

type FromGenerator = { type: 'warm' } | { type: 'result'; result: GeneratorResult };

const GENERATOR = path.join(ROOT, 'bench/lib/generator.ts');

/** CPU time of every backend of the database, by pid (none without a database URL). */
export async function postgresCpu(databaseUrl: string | undefined): Promise<Map<number, number>> {
  const times = new Map<number, number>();
  if (!databaseUrl) return times;
  for (const pid of await postgresBackends(databaseUrl)) {
    const ms = cpuMs(pid);
    if (ms !== undefined) times.set(pid, ms);
  }
  return times;
}

/** The backends' CPU time between two readings (those that appeared in between counted whole). */
export function postgresDelta(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Runs one generator per spec at the same time (warm-ups first, then the measured parts together); see the file's top. */
export async function measureLoad(specs: GeneratorSpec[], watched: Watched): Promise<LoadResult> {
  const generators = specs.map((spec) => {
    const child = fork(GENERATOR, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const messages: FromGenerator[] = [];
    const waiters: ((message: FromGenerator) => void)[] = [];
    child.on('message', (message) => {
      const waiter = waiters.shift();
      if (waiter) waiter(message as FromGenerator);
      else messages.push(message as FromGenerator);
    });
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`the load generator exited (${code}) before answering`))),
    );
    exited.catch(() => undefined);
    const next = () =>
      Promise.race([
        new Promise<FromGenerator>((resolve) => (messages.length > 0 ? resolve(messages.shift()!) : waiters.push(resolve))),
        exited,
      ]);
    child.send({ type: 'spec', spec });
    return { child, next };
  });
  for (const generator of generators) if ((await generator.next()).type !== 'warm') throw new Error('the generator did not warm up');
  const serversBefore = watched.serverPids.map((pid) => cpuMs(pid) ?? 0);
  const postgresBefore = await postgresCpu(watched.databaseUrl);
  const started = performance.now();
  for (const generator of generators) generator.child.send({ type: 'go' });
  const results: GeneratorResult[] = [];
  for (const generator of generators) {
    const message = await generator.next();
    if (message.type !== 'result') throw new Error('the generator sent no result');
    results.push(message.result);
  }
  const seconds = (performance.now() - started) / 1000;
  const serverMs = watched.serverPids.map((pid, index) => (cpuMs(pid) ?? 0) - serversBefore[index]!);
  const postgresMs = watched.databaseUrl ? postgresDelta(postgresBefore, await postgresCpu(watched.databaseUrl)) : null;
  const requests = results.reduce((sum, result) => sum + result.requests, 0);
  const serverTotal = serverMs.reduce((sum, ms) => sum + ms, 0);
  const failures: Record<string, number> = {};
  for (const result of results) {
    for (const [code, count] of Object.entries(result.statusCodes))
      if (!code.startsWith('2')) failures[`HTTP ${code}`] = (failures[`HTTP ${code}`] ?? 0) + count;
    if (result.timeouts > 0) failures['timeout'] = (failures['timeout'] ?? 0) + result.timeouts;
    const refused = result.connectionErrors - result.timeouts;
    if (refused > 0) failures['connection error'] = (failures['connection error'] ?? 0) + refused;
  }
  return {
    ...(Object.keys(failures).length > 0 ? { failures } : {}),
    requests,
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    requestsPerSecond: round(
      results.reduce((sum, result) => sum + result.requestsPerSecond, 0),
      1,
    ),
    // Several generators: the median of their medians is not a median; the slower side is reported.
    p50Ms: Math.max(...results.map((result) => result.p50Ms)),
    p99Ms: Math.max(...results.map((result) => result.p99Ms)),
    meanMs: round(results.reduce((sum, result) => sum + result.meanMs * result.requests, 0) / Math.max(1, requests)),
    maxMs: Math.max(...results.map((result) => result.maxMs)),
    cpu: {
      seconds: round(seconds),
      serverMs,
      postgresMs,
      generatorMs: results.reduce((sum, result) => sum + result.generatorCpuMs, 0),
      serverUsPerRequest: Math.round((serverTotal * 1000) / Math.max(1, requests)),
    },
  };
}
