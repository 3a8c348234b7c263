// Node processes a test starts from the repository root (API servers, workers) to kill and restart them.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The processes started and still running: kill them when the test file ends (stopAll). */
const running = new Set<ChildProcess>();

/**
 * Starts `node script` from the repository root with `env` over this process's environment; resolves once its output
 * matches `ready` (or at once without), rejects when it exits first (with what it printed).
 */
export function startProcess(script: string, env: Record<string, string>, ready?: RegExp): Promise<ChildProcess> {
  const child = spawn(process.execPath, [script], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.on('exit', () => running.delete(child));
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!ready || ready.test(output)) resolve(child);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}:\n${output}`)));
    if (!ready) resolve(child);
  });
}

/** Sends `signal` to the process and resolves once it has exited. */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** Kills every process this test file started that still runs. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => stopProcess(child, 'SIGKILL')));
}
