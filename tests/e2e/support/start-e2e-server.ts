// Playwright's webServer: a throw-away Payrail with known accounts and an e-mail sink.
//
//   node tests/e2e/support/start-e2e-server.ts
//
// 1. makes a fresh temporary DATA_DIR;
// 2. starts an SMTP sink that keeps every message in memory, readable over HTTP at
//    GET MAILBOX_URL/messages?to=<address> (tests run in other processes);
// 3. seeds the database: the superadmin, the demo organisation and its orgadmin, and the
//    dedicated password-reset accounts (PGlite is single-process, so before the server starts);
// 4. runs `node server/main.ts` on BASE_URL with that data dir, forwarding its output;
// 5. on SIGTERM/SIGINT (Playwright stops its webServer with SIGTERM) stops the server, the sink
//    and removes the data dir.
// The console must already be built into dist/ (`npm run build`); this script never builds.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, unwatchFile, watchFile } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../../../server/config.ts';
import { DEMO_ORGADMIN_EMAIL, seedDemo } from '../../../server/db/demo.ts';
import { ensureSuperadmin } from '../../../server/db/seed.ts';
import { hashPassword } from '../../../server/services/auth/passwords.ts';
import { loadOrCreateSecrets } from '../../../server/services/secrets.ts';
import { findUserByEmail, insertUser } from '../../../server/services/users/users-repository.ts';
import { openMigratedDatabase } from '../../../server/start.ts';
import {
  APP_PORT,
  BASE_URL,
  EXTRA_ORGADMINS,
  HOST,
  MAILBOX_PORT,
  MAILBOX_URL,
  ORGADMIN,
  SMTP_PORT,
  SMTP_URL,
  SUPERADMIN,
} from './constants.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
// The built console to serve; CONSOLE_DIR lets parallel runs use their own build.
const CONSOLE_DIR = path.resolve(ROOT, process.env['CONSOLE_DIR'] ?? 'dist');
const log = (message: string) => console.log(`[e2e-server] ${message}`);

/** One e-mail caught by the sink, as GET /messages returns it. */
export interface CaughtMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  /** Milliseconds since the epoch when the sink received it. */
  receivedAt: number;
}

const mails: CaughtMail[] = [];
let dataDir: string | undefined;
let app: ChildProcess | undefined;
let smtp: SMTPServer | undefined;
let mailbox: Server | undefined;
let stopping: Promise<void> | undefined;

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return list.flatMap((group) => group.value.map((entry) => entry.address?.toLowerCase() ?? '')).filter(Boolean);
}

function startSmtpSink(): Promise<SMTPServer> {
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    banner: 'Payrail e2e SMTP sink',
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
          const mail: CaughtMail = {
            to: [...new Set([...addresses(parsed.to), ...envelopeTo])],
            from: addresses(parsed.from)[0] ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            receivedAt: Date.now(),
          };
          mails.push(mail);
          log(`caught e-mail to ${mail.to.join(', ')}: ${mail.subject}`);
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  server.on('error', (error) => console.error('[e2e-server] SMTP sink error:', error));
  return new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(SMTP_PORT, HOST, () => resolve(server));
  });
}

function startMailboxApi(): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', MAILBOX_URL);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (request.method === 'GET' && url.pathname === '/messages') {
      const to = url.searchParams.get('to')?.trim().toLowerCase();
      const since = Number(url.searchParams.get('since') ?? 0);
      return send(
        200,
        mails.filter((mail) => (!to || mail.to.includes(to)) && mail.receivedAt >= since),
      );
    }
    if (request.method === 'GET' && url.pathname === '/health') return send(200, { status: 'ok', count: mails.length });
    return send(404, { message: `No ${request.method} ${url.pathname} here; try GET /messages?to=address` });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(MAILBOX_PORT, HOST, () => resolve(server));
  });
}

/** The environment the server runs with; also used to open the database for seeding. */
function serverEnv(dir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(APP_PORT),
    HOST,
    PUBLIC_URL: BASE_URL,
    DATA_DIR: dir,
    CONSOLE_DIR,
    DATABASE_URL: '',
    // Always PGlite in the temporary data dir (the embedded PostgreSQL is tested on its own).
    DATABASE_ENGINE: 'pglite',
    ADMIN_EMAIL: SUPERADMIN.email,
    ADMIN_PASSWORD: SUPERADMIN.password,
    SMTP_URL,
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    // Outbound webhooks go to receivers the specs start on 127.0.0.1.
    ALLOW_PRIVATE_TARGETS: 'true',
    WORKER: 'on',
    LOG_LEVEL: process.env['E2E_LOG_LEVEL'] ?? 'warn',
  };
}

async function seed(env: NodeJS.ProcessEnv): Promise<void> {
  const config = loadConfig(env);
  const database = await openMigratedDatabase(config);
  try {
    // main.ts only creates the superadmin on an empty database, so it must come first here.
    await ensureSuperadmin(database.db, { info: log }, { email: config.adminEmail, password: config.adminPassword });
    if (DEMO_ORGADMIN_EMAIL !== ORGADMIN.email) throw new Error(`constants.ts ORGADMIN must be ${DEMO_ORGADMIN_EMAIL}`);
    const { dataKey } = loadOrCreateSecrets(config.dataDir, config);
    const { orgId } = await seedDemo(database.db, dataKey, ORGADMIN.password);
    for (const account of EXTRA_ORGADMINS) {
      if (await findUserByEmail(database.db, account.email)) continue;
      await insertUser(database.db, {
        name: account.name,
        email: account.email,
        role: 'orgadmin',
        orgId,
        passwordHash: await hashPassword(account.password),
      });
    }
    log(`seeded ${SUPERADMIN.email}, ${ORGADMIN.email} and ${EXTRA_ORGADMINS.map((a) => a.email).join(', ')}`);
  } finally {
    await database.close();
  }
}

function startApp(env: NodeJS.ProcessEnv): ChildProcess {
  // Same process group as this script: Playwright signals the whole group when it stops.
  const child = spawn(process.execPath, ['server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    app = undefined;
    if (!stopping) {
      console.error(`[e2e-server] the Payrail server exited unexpectedly (code ${code}, signal ${signal})`);
      void stop(1);
    }
  });
  return child;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function stopApp(): Promise<void> {
  const child = app;
  if (!child) return;
  // The server usually got the same signal as this script (one process group); a second
  // SIGTERM would make close-with-grace exit at once, so give it a moment first.
  if (await waitForExit(child, 1500)) return;
  child.kill('SIGTERM');
  if (await waitForExit(child, 10_000)) return;
  console.error('[e2e-server] the Payrail server did not stop; killing it');
  child.kill('SIGKILL');
  await waitForExit(child, 2000);
}

function removeDataDir(): void {
  if (!dataDir) return;
  rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
}

function stop(code: number): Promise<void> {
  stopping ??= (async () => {
    unwatchFile(path.join(CONSOLE_DIR, 'login', 'index.html'));
    await stopApp();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    await new Promise<void>((resolve) => (mailbox ? mailbox.close(() => resolve()) : resolve()));
    mailbox?.closeAllConnections();
    removeDataDir();
    log('stopped');
    process.exit(code);
  })();
  return stopping;
}

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void stop(0));
// Last resort if this script dies another way: no orphan server, no left-over data dir.
process.on('exit', () => {
  if (app && app.exitCode === null) app.kill('SIGKILL');
  removeDataDir();
});

try {
  if (!existsSync(path.join(CONSOLE_DIR, 'login', 'index.html'))) {
    throw new Error('dist/ has no built console; run `npm run build` (or `npx astro build`) before the e2e tests.');
  }
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'payrail-e2e-'));
  const env = serverEnv(dataDir);
  smtp = await startSmtpSink();
  mailbox = await startMailboxApi();
  log(`SMTP sink on ${SMTP_URL}, mailbox on ${MAILBOX_URL}/messages, data in ${dataDir}`);
  await seed(env);
  app = startApp(env);
  log(`starting Payrail on ${BASE_URL}`);
  // The server reads dist/ once at start; a rebuild meanwhile leaves it serving pages whose
  // hashed assets are gone (unstyled pages, odd failures). Say so loudly if that happens.
  const builtPage = path.join(CONSOLE_DIR, 'login', 'index.html');
  watchFile(builtPage, { interval: 2000 }, (now, before) => {
    if (now.mtimeMs !== before.mtimeMs) {
      console.error('[e2e-server] WARNING: dist/ was rebuilt while the e2e server runs; results of this run are unreliable.');
    }
  });
} catch (error) {
  console.error('[e2e-server] could not start:', error);
  await stop(1);
}
