// WEB_CONCURRENCY (server/cluster.ts): `node server/main.ts` as several API processes on one port. On PostgreSQL: two
// processes answer on the one port, the background jobs run in one of them (each event delivered once), a killed
// process is replaced (its jobs with it), and SIGTERM stops them all. Without DATABASE_URL: the primary runs the
// embedded PostgreSQL once for both and stops it last; PGlite, which one process owns, refuses several.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock.ts';
import { openDatabase } from '../../server/db/client.ts';
import { embeddedPaths } from '../../server/db/default-store.ts';
import { EmbeddedPostgresUnavailableError, checkEmbeddedPostgres } from '../../server/db/embedded-postgres.ts';
import { seedProviders } from '../../server/db/provider-catalogue.ts';
import { seedReferenceData } from '../../server/db/reference-data.ts';
import { createOrganisation } from '../../server/services/organisations/organisations-service.ts';
import { updateWebhookConfig } from '../../server/services/webhooks/webhook-config.ts';
import { TEST_DATA_KEY } from '../helpers/app.ts';
import { createEmptyPostgresDatabase, testEngine } from '../helpers/database.ts';
import { freePort } from '../helpers/net.ts';
import { serverEnvironment, startNodeProcess, type NodeProcess } from '../helpers/node-process.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

const root = mkdtempSync(path.join(tmpdir(), 'payrail-web-concurrency-'));
// As a DATA_DIR usually is: a root run's embedded database user must be able to enter it (mkdtemp makes it 0700).
chmodSync(root, 0o755);
const started: NodeProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map((process) => process.stop('SIGKILL')));
  rmSync(root, { recursive: true, force: true });
});

interface LogLine {
  pid: number;
  msg: string;
}

/** The JSON log lines a process printed (its primary's and every API process's: they share the output). */
function logLines(server: NodeProcess): LogLine[] {
  return server
    .output()
    .split('\n')
    .flatMap((line) => {
      try {
        const parsed = JSON.parse(line) as Partial<LogLine>;
        return typeof parsed.pid === 'number' && typeof parsed.msg === 'string' ? [parsed as LogLine] : [];
      } catch {
        return [];
      }
    });
}

const pidsLogging = (server: NodeProcess, message: string) =>
  new Set(logLines(server).flatMap((line) => (line.msg === message ? [line.pid] : [])));

/** GET on a connection of its own (so that the primary hands each request to the next API process); the status. */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    }).on('error', reject);
  });
}

function parentPid(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Starts `node server/main.ts` and waits for the primary's line saying every API process listens. */
async function startProcesses(env: Record<string, string>): Promise<NodeProcess> {
  const server = await startNodeProcess('server/main.ts', { ...env, LOG_LEVEL: 'info' }, /with 2 API processes/);
  started.push(server);
  return server;
}

/** Sends health checks on new connections until the request log names `count` processes; their pids. */
async function servingPids(server: NodeProcess, origin: string, count: number, exclude: Set<number> = new Set()): Promise<number[]> {
  const serving = () => [...pidsLogging(server, 'request completed')].filter((pid) => !exclude.has(pid));
  await waitFor(
    async () => {
      for (let request = 0; request < 4; request++) expect(await getOnNewConnection(`${origin}/api/health`)).toBe(200);
      return serving().length >= count;
    },
    20_000,
    `${count} API processes to answer`,
  );
  return serving();
}

describe.skipIf(testEngine !== 'postgres')('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  let empty: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let receiver: WebhookReceiver;
  let apiToken: string;
  let port: number;

  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase();
    receiver = await startWebhookReceiver();
    port = await freePort();
    const setup = await openDatabase({ databaseUrl: empty.url, poolSize: 2 });
    try {
      await setup.migrate();
      await seedReferenceData(setup.db);
      await seedProviders(setup.db, `http://127.0.0.1:${port}`);
      const ctx = { db: setup.db, clock: systemClock, dataKey: TEST_DATA_KEY, targets: { allowPrivate: true, trustedOrigins: [] } };
      const organisation = await createOrganisation(ctx, {
        name: 'Cluster',
        code: 'CLUSTER',
        email: 'cluster@example.com',
        country: 'GH',
        currencies: ['GHS'],
      });
      await updateWebhookConfig(ctx, organisation.id, {
        callbackUrl: receiver.url('/cluster'),
        webhookSecret: `whsec_${randomBytes(32).toString('base64')}`,
      });
      apiToken = organisation.apiToken;
    } finally {
      await setup.close();
    }
  }, 60_000);

  afterAll(async () => {
    await receiver?.close();
    await empty?.drop();
  });

  it(
    'serves from two processes on one port, runs the jobs once, replaces a killed process and stops all on SIGTERM',
    { timeout: 120_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(root, 'postgres-'));
      const env = serverEnvironment({ databaseUrl: empty.url, port, dataDir, dataKey: TEST_DATA_KEY });
      const server = await startProcesses({ ...env, WEB_CONCURRENCY: '2' });
      const origin = env['PUBLIC_URL']!;
      const primary = server.child.pid!;

      const first = await servingPids(server, origin, 2);
      expect(first).toHaveLength(2);
      for (const pid of first) expect(parentPid(pid)).toBe(primary);

      // The jobs (webhook delivery among them) run in one of the two.
      await waitFor(() => pidsLogging(server, 'worker started').size > 0, 10_000, 'the worker to start');
      const jobRunners = [...pidsLogging(server, 'worker started')];
      expect(jobRunners).toHaveLength(1);
      expect(first).toContain(jobRunners[0]);

      const createPayment = async (description: string) => {
        const response = await fetch(`${origin}/api/payments`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${apiToken}` },
          body: JSON.stringify({
            amount: '10.00',
            customerName: 'Ama',
            customerEmail: 'ama@example.com',
            description,
            processViaGateway: false,
          }),
        });
        expect(response.status).toBe(201);
      };
      const deliveredEvents = () => receiver.received.map((request) => String(request.headers['webhook-id']));
      for (const description of ['one', 'two', 'three', 'four']) await createPayment(description);
      await waitFor(() => deliveredEvents().length >= 4, 20_000, 'four payment.created deliveries');

      // The job runner killed: another process takes its place, and its jobs.
      await new Promise<void>((resolve) => {
        process.kill(jobRunners[0]!, 'SIGKILL');
        const check = setInterval(() => {
          if (!isAlive(jobRunners[0]!)) resolve(clearInterval(check));
        }, 20);
      });
      await waitFor(() => pidsLogging(server, 'worker started').size === 2, 20_000, 'a new process to run the jobs');
      const [replacement] = [...pidsLogging(server, 'worker started')].filter((pid) => pid !== jobRunners[0]);
      expect(parentPid(replacement!)).toBe(primary);
      const survivor = first.find((pid) => pid !== jobRunners[0])!;
      const afterRestart = await servingPids(server, origin, 2, new Set([jobRunners[0]!]));
      expect(afterRestart.sort()).toEqual([survivor, replacement!].sort());
      await createPayment('five');
      await waitFor(() => deliveredEvents().length >= 5, 20_000, 'the fifth delivery');
      // Nothing arrives twice, even after a moment for a second worker that should not exist.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(deliveredEvents()).toHaveLength(5);
      expect(new Set(deliveredEvents()).size).toBe(5);

      const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
      server.child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect([survivor, replacement!].filter(isAlive)).toEqual([]);
      expect(server.output()).toContain('all API processes stopped');
    },
  );
});

let embeddedUnavailable: string | undefined;
try {
  await checkEmbeddedPostgres(path.join(root, 'probe', 'postgres'));
} catch (error) {
  if (!(error instanceof EmbeddedPostgresUnavailableError)) throw error;
  embeddedUnavailable = error.message;
}

describe('WEB_CONCURRENCY=2 on the embedded database', () => {
  // Without DATABASE_URL (emptied: the test run's own environment may hold one), two API processes.
  const embeddedEnvironment = async (dataDir: string): Promise<Record<string, string>> => ({
    ...serverEnvironment({ databaseUrl: '', port: await freePort(), dataDir, dataKey: TEST_DATA_KEY }),
    WEB_CONCURRENCY: '2',
  });

  it.skipIf(embeddedUnavailable !== undefined)(
    'runs one embedded PostgreSQL for both processes and stops it after them',
    { timeout: 300_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(root, 'embedded-'));
      chmodSync(dataDir, 0o755);
      const env = await embeddedEnvironment(dataDir);
      const server = await startProcesses(env);
      const pids = await servingPids(server, env['PUBLIC_URL']!, 2);
      expect(pids).toHaveLength(2);
      const clusterDir = embeddedPaths(dataDir).postgres;
      const postmaster = Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      // Started by the primary, once: the lock names it.
      expect(parentPid(postmaster)).toBe(server.child.pid);
      expect(readFileSync(`${clusterDir}.lock`, 'utf8').trim()).toBe(String(server.child.pid));
      expect(pidsLogging(server, 'worker started').size).toBe(1);

      const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
      server.child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect([...pids, postmaster].filter(isAlive)).toEqual([]);
      expect(existsSync(path.join(clusterDir, 'postmaster.pid'))).toBe(false);
      expect(existsSync(`${clusterDir}.lock`)).toBe(false);
    },
  );

  it('refuses several processes on PGlite, which one process owns', async () => {
    const dataDir = mkdtempSync(path.join(root, 'pglite-'));
    const env = { ...(await embeddedEnvironment(dataDir)), DATABASE_ENGINE: 'pglite' };
    const child = spawn(process.execPath, ['server/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', (exitCode) => resolve(exitCode)));
    expect(code).toBe(1);
    expect(output).toMatch(/WEB_CONCURRENCY=2 needs a database that several processes can share/);
    expect(existsSync(path.join(dataDir, 'pg'))).toBe(false);
  });
});
