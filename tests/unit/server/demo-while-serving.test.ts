// `npm run demo` next to a running server on the embedded database: PGlite serves one process, so the demo's
// writes would be lost and its printed password would never work. It must refuse, and say why.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client.ts';

let dataDir: string;
let serving: DatabaseHandle;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'payrail-demo-lock-'));
  // What `npm start` holds while it runs: the PGlite files in DATA_DIR/pg.
  serving = await openDatabase({ pgliteDir: path.join(dataDir, 'pg') });
});
afterAll(async () => {
  await serving.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run demo while the server holds the embedded database', () => {
  it('exits non-zero with the reason, and prints no password', () => {
    const demo = spawnSync(process.execPath, ['server/demo.ts'], {
      env: { PATH: process.env['PATH'], DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(demo.status).toBe(1);
    expect(demo.stderr).toContain(`in use by another process (pid ${process.pid})`);
    expect(demo.stdout).not.toContain('password');
  });

  it('frees the directory when the server closes it', async () => {
    const lockFile = `${path.join(dataDir, 'pg')}.lock`;
    expect(existsSync(lockFile)).toBe(true);
    await serving.close();
    expect(existsSync(lockFile)).toBe(false);
    serving = await openDatabase({ pgliteDir: path.join(dataDir, 'pg') });
  });
});
