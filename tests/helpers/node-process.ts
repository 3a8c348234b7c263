import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { waitFor } from './wait-for.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface NodeProcess {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Whether it is still running. */
  alive(): boolean;
  /** Sends `signal` and waits until it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Every process started here that has not exited yet, so a file can stop them all however its tests ended. */
const running = new Set<NodeProcess>();

// Last resort when the test process itself ends (a crash, a timed-out worker torn down): no server left behind.
process.once('exit', () => {
  for (const started of running) started.child.kill('SIGKILL');
});

/**
 * Starts `script` (a path from the repository root) with Node and `env` added to this process' environment; resolves
 * once its output matches `ready` (at once without), rejects if it exits first or is not ready within `readyTimeoutMs`
 * (then it is killed: a process that never came up is never left running).
 */
export function startNodeProcess(
  script: string,
  env: Record<string, string>,
  ready?: RegExp,
  readyTimeoutMs = 60_000,
): Promise<NodeProcess> {
  const child = spawn(process.execPath, [script], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const handle: NodeProcess = {
    child,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (!handle.alive()) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
  running.add(handle);
  child.once('exit', () => running.delete(handle));
  return new Promise((resolve, reject) => {
    const timer = ready
      ? setTimeout(() => {
          reject(new Error(`${script} was not ready within ${readyTimeoutMs} ms:\n${output}`));
          void handle.stop('SIGKILL');
        }, readyTimeoutMs)
      : undefined;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready?.test(output)) {
        clearTimeout(timer);
        resolve(handle);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code ?? signal}) before it was ready:\n${output}`));
    });
    if (!ready) resolve(handle);
  });
}

/** Kills every process started with startNodeProcess/startApiProcess that still runs (for afterAll/afterEach). */
export async function stopAllNodeProcesses(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  await Promise.all([...running].map((started) => started.stop(signal)));
}

/** Starts an API process (server/main.ts) and waits until its /api/health answers ok. */
export async function startApiProcess(env: Record<string, string>, timeoutMs = 30_000): Promise<NodeProcess & { origin: string }> {
  const origin = env['PUBLIC_URL'] ?? '';
  const server = await startNodeProcess('server/main.ts', env);
  const healthy = async () => {
    if (!server.alive()) throw new Error(`server/main.ts exited:\n${server.output()}`);
    return fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
  };
  try {
    await waitFor(healthy, timeoutMs, `server/main.ts at ${origin} to answer`);
  } catch (error) {
    await server.stop('SIGKILL');
    throw error;
  }
  return { ...server, origin };
}

/** The environment of a Payrail API process (server/main.ts) on `databaseUrl`, listening on loopback at `port`. */
export function serverEnvironment(options: {
  databaseUrl: string;
  port: number;
  dataDir: string;
  dataKey: Buffer;
}): Record<string, string> {
  return {
    DATABASE_URL: options.databaseUrl,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${options.port}`,
    DATA_DIR: options.dataDir,
    DATA_KEY: options.dataKey.toString('hex'),
    JWT_SECRET: 'fault-test-jwt-secret-that-is-long-enough-0123456789',
    ALLOW_PRIVATE_TARGETS: 'true',
    CONSOLE_DIR: path.join(options.dataDir, 'no-console'),
    LOG_LEVEL: 'warn',
  };
}
