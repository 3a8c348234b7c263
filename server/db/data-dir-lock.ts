import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/** Another live process holds the embedded database's directory. */
export class DataDirLockedError extends Error {
  readonly lockFile: string;
  readonly holderPid: number;

  constructor(lockFile: string, holderPid: number) {
    super(
      `The embedded database (${lockFile.replace(/\.lock$/, '')}) is in use by another process (pid ${holderPid}), ` +
        'probably a running `npm start`. The embedded database serves one Payrail process at a time: stop that process first ' +
        '(e.g. run `npm run demo` before `npm start`), or use PostgreSQL (DATABASE_URL) for several processes. ' +
        `If pid ${holderPid} is not Payrail, delete ${lockFile}.`,
    );
    this.name = 'DataDirLockedError';
    this.lockFile = lockFile;
    this.holderPid = holderPid;
  }
}

function holderOf(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a process with this pid exists (also when it belongs to another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<dir>.lock` for this process (its pid inside), so that two processes never open the same PGlite files: a
 * second one would work on a copy of the data whose writes are lost. A lock left by a process that is gone is taken
 * over. Throws DataDirLockedError while a live process holds it. Returns the release function.
 */
export function lockDataDir(dir: string, pid: number = process.pid): () => void {
  const lockFile = `${dir}.lock`;
  for (;;) {
    try {
      writeFileSync(lockFile, `${pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = holderOf(lockFile);
      // Our own pid: a process that replaced itself (exec) keeps its pid, and with it the lock.
      if (holder === pid) break;
      if (holder !== undefined && isAlive(holder)) throw new DataDirLockedError(lockFile, holder);
      rmSync(lockFile, { force: true });
    }
  }
  return () => {
    if (holderOf(lockFile) === pid) rmSync(lockFile, { force: true });
  };
}
