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

/**
 * Starts `script` (a path from the repository root) with Node and `env` added to this process' environment; resolves
 * once its output matches `ready` (at once without), rejects if it exits first.
 */
export function startNodeProcess(script: string, env: Record<string, string>, ready?: RegExp): Promise<NodeProcess> {
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
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready?.test(output)) resolve(handle);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code, signal) => reject(new Error(`${script} exited (${code ?? signal}) before it was ready:\n${output}`)));
    if (!ready) resolve(handle);
  });
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
  await waitFor(healthy, timeoutMs, `server/main.ts at ${origin} to answer`);
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
