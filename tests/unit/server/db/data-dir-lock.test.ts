import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../../../server/db/data-dir-lock.ts';

let root: string;
let dir: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'payrail-lock-'));
  dir = path.join(root, 'pg');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('lockDataDir', () => {
  it('writes the holder pid beside the directory and removes it on release', () => {
    const release = lockDataDir(dir, 4242);
    expect(readFileSync(`${dir}.lock`, 'utf8').trim()).toBe('4242');
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('refuses while a live process holds it, naming that process', () => {
    // This test's own process is alive; the lock is asked for by another pid.
    writeFileSync(`${dir}.lock`, `${process.pid}\n`);
    let refusal: unknown;
    try {
      lockDataDir(dir, process.pid + 1);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as DataDirLockedError).holderPid).toBe(process.pid);
    expect((refusal as Error).message).toContain(`in use by another process (pid ${process.pid})`);
    expect(readFileSync(`${dir}.lock`, 'utf8').trim()).toBe(String(process.pid));
  });

  it('takes over a lock left by a process that is gone', () => {
    writeFileSync(`${dir}.lock`, `${deadPid()}\n`);
    const release = lockDataDir(dir, 4242);
    expect(readFileSync(`${dir}.lock`, 'utf8').trim()).toBe('4242');
    release();
  });

  it('keeps a lock that already names this process (a process that replaced itself keeps its pid)', () => {
    writeFileSync(`${dir}.lock`, '4242\n');
    lockDataDir(dir, 4242)();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('leaves alone a lock another process took after ours was released', () => {
    const release = lockDataDir(dir, 4242);
    writeFileSync(`${dir}.lock`, `${process.pid}\n`);
    release();
    expect(readFileSync(`${dir}.lock`, 'utf8').trim()).toBe(String(process.pid));
  });
});
