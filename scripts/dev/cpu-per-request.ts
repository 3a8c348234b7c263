// Server CPU per request, the way docs/performance.md measures it: each server in a process of its own (a bare
// Fastify route, and one or more Payrail checkouts on PostgreSQL), autocannon in this process, rounds alternating
// between the servers. For every run it reads the server's utime + stime from /proc/<pid>/stat before and after
// and divides by the requests answered, which moves far less than req/s when other work shares the machine.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/payrail_cpu node scripts/dev/cpu-per-request.ts \
//     [--app name=/path/to/checkout ...] [--rounds 3] [--seconds 10] [--connections 20] [--scenarios bare,get,post]
//
// The database must hold bench data (`npm run bench:seed`); the script adds the bench orgadmin when it is missing.
// Extra environment for the Payrail servers (LOG_LEVEL, API_LOG_*) passes through; server output goes to
// /tmp/cpu-per-request-<name>.log so that its logging costs what it would cost writing to a file.
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { hashPassword } from '../../server/services/auth/passwords.ts';

const { values } = parseArgs({
  options: {
    app: { type: 'string', multiple: true, default: [`current=${process.cwd()}`] },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
    scenarios: { type: 'string', default: 'bare,get,post' },
    port: { type: 'string', default: '4710' },
    /** Writes a .cpuprofile of each Payrail server into /tmp/cpu-prof-<name> (summarise it with cpu-profile-summary.ts). */
    profile: { type: 'boolean', default: false },
    /** After each measured run, one more (not timed) under `strace -c`: system calls per request, by call. */
    strace: { type: 'boolean', default: false },
  },
});
const databaseUrl = process.env['DATABASE_URL'];
if (!databaseUrl) throw new Error('Set DATABASE_URL to a PostgreSQL database with bench data.');
const PASSWORD = 'bench-password-1';
const ORGADMIN = 'bench.org@payrail.test';
const TICKS_PER_SECOND = 100;

/** The CPU time (user + system) a process has used so far, in microseconds. */
function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1e6;
}

async function ensureOrgadmin(): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const hash = await hashPassword(PASSWORD);
    const { rows } = await client.query<{ id: number }>(
      `select id from organisations where name like 'Bench Organisation%' order by id limit 1`,
    );
    if (!rows[0]) throw new Error('No bench organisation: run npm run bench:seed first.');
    await client.query(
      `insert into users (name, email, role, org_id, password_hash) values ('Bench Orgadmin', $1, 'orgadmin', $2, $3)
       on conflict do nothing`,
      [ORGADMIN, rows[0].id, hash],
    );
  } finally {
    await client.end();
  }
}

async function waitForHealth(url: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} never answered`);
}

interface Server {
  name: string;
  child: ChildProcess;
  baseUrl: string;
  token?: string;
}

function startProcess(name: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): ChildProcess {
  const out = openSync(`/tmp/cpu-per-request-${name}.log`, 'w');
  return spawn(process.execPath, args, { cwd, env, stdio: ['ignore', out, out] });
}

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ORGADMIN, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function load(server: Server, scenario: string, seconds: number) {
  const common = { connections: Number(values.connections), duration: seconds };
  const auth = { authorization: `Bearer ${server.token ?? ''}` };
  const options =
    scenario === 'bare'
      ? { url: `${server.baseUrl}/bare` }
      : scenario === 'get'
        ? { url: `${server.baseUrl}/api/payments?page=1&pageSize=10`, headers: auth }
        : {
            url: `${server.baseUrl}/api/payments`,
            method: 'POST' as const,
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({
              amount: '125.50',
              customerName: 'Ama Mensah',
              customerEmail: 'ama.mensah@example.com',
              description: 'Bench order',
              processViaGateway: false,
            }),
          };
  const pid = server.child.pid as number;
  const before = cpuMicros(pid);
  const result = await autocannon({ ...common, ...options });
  const cpu = cpuMicros(pid) - before;
  const requests = result.requests.total;
  return {
    requests,
    reqPerSecond: requests / seconds,
    cpuMicrosPerRequest: cpu / Math.max(1, requests),
    serverCores: cpu / 1e6 / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** System calls the server made per request during one load run under `strace -c -f` (which slows it down). */
async function syscallsPerRequest(server: Server, scenario: string): Promise<string> {
  const file = `/tmp/cpu-per-request-strace-${server.name}-${scenario}.txt`;
  const tracer = spawn('strace', ['-f', '-c', '-o', file, '-p', String(server.child.pid)], { stdio: 'ignore' });
  await sleep(1000);
  const { requests } = await load(server, scenario, 5);
  tracer.kill('SIGINT');
  await new Promise((resolve) => tracer.once('exit', resolve));
  const calls = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => /^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?(\w+)\s*$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => ({ name: match[2] as string, perRequest: Number(match[1]) / Math.max(1, requests) }))
    .filter((call) => call.name !== 'total' && call.perRequest >= 0.05);
  const total = calls.reduce((sum, call) => sum + call.perRequest, 0);
  return `${total.toFixed(2)} (${calls.map((call) => `${call.name} ${call.perRequest.toFixed(2)}`).join(', ')})`;
}

const basePort = Number(values.port);
const servers: Server[] = [];
const env = {
  ...process.env,
  WORKER: 'off',
  CONSOLE_DIR: '/nonexistent',
  JWT_SECRET: 'cpu-per-request-secret-that-is-long-enough-0123456789',
  DATA_KEY: '0'.repeat(64),
  DATA_DIR: '/tmp/cpu-per-request-data',
};
await ensureOrgadmin();
try {
  const bare = startProcess('bare', ['scripts/dev/bare-server.ts', String(basePort)], process.cwd(), env);
  servers.push({ name: 'bare', child: bare, baseUrl: `http://127.0.0.1:${basePort}` });
  await waitForHealth(`http://127.0.0.1:${basePort}/bare`);
  for (const [index, spec] of values.app.entries()) {
    const [name, dir] = spec.split('=') as [string, string];
    const port = basePort + 1 + index;
    const profile = values.profile ? ['--cpu-prof', `--cpu-prof-dir=/tmp/cpu-prof-${name}`] : [];
    const child = startProcess(name, [...profile, 'server/main.ts'], dir, { ...env, PORT: String(port), HOST: '127.0.0.1' });
    const server: Server = { name, child, baseUrl: `http://127.0.0.1:${port}` };
    servers.push(server);
    await waitForHealth(`${server.baseUrl}/api/health`);
    server.token = await signIn(server.baseUrl);
  }
  const scenarios = values.scenarios.split(',');
  const seconds = Number(values.seconds);
  const rows: string[] = [];
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const scenario of scenarios) {
      for (const server of servers) {
        if ((scenario === 'bare') !== (server.name === 'bare')) continue;
        await load(server, scenario, Number(values.warmup));
        const result = await load(server, scenario, seconds);
        const row = [
          round,
          scenario,
          server.name,
          Math.round(result.reqPerSecond),
          result.cpuMicrosPerRequest.toFixed(1),
          result.serverCores.toFixed(2),
          result.p50,
          result.p99,
          result.non2xx,
          result.errors,
        ].join('\t');
        rows.push(row);
        console.log(row);
        if (values.strace) console.log(`\tsyscalls/request ${server.name} ${scenario}: ${await syscallsPerRequest(server, scenario)}`);
      }
    }
  }
  console.log('\nround\tscenario\tserver\treq/s\tµs CPU/req\tserver cores\tp50 ms\tp99 ms\tnon-2xx\terrors');
  console.log(rows.join('\n'));
} finally {
  for (const server of servers) server.child.kill('SIGTERM');
  await Promise.all(servers.map((server) => new Promise((resolve) => server.child.once('exit', resolve))));
}
