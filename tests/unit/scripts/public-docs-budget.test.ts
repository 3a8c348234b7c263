// The build's size check fails when a public docs page (/docs…) ships more than 10 KB of JavaScript (gzip), a budget
// far below the other public pages' 20 KB (issue 32).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = path.resolve(import.meta.dirname, '../../../scripts/check-bundle-size.ts');
let dist = '';

/** A built site with one page at `page` loading a script of `kilobytes` incompressible KB. */
function siteWith(page: string, kilobytes: number): string {
  dist = mkdtempSync(path.join(os.tmpdir(), 'docs-budget-'));
  mkdirSync(path.join(dist, '_astro'));
  mkdirSync(path.join(dist, page), { recursive: true });
  writeFileSync(path.join(dist, '_astro', 'page.js'), `const x="${randomBytes(kilobytes * 1024).toString('base64')}";`);
  writeFileSync(path.join(dist, page, 'index.html'), '<script type="module" src="/_astro/page.js"></script>');
  return dist;
}

const check = (dir: string) => spawnSync(process.execPath, [SCRIPT, dir], { encoding: 'utf8' });

afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('the public docs JavaScript budget', () => {
  it('fails the build when a /docs page ships more than 10 KB gzip', () => {
    const result = check(siteWith('docs/outbound-webhooks', 12));
    expect(result.status, result.stdout).toBe(1);
    expect(result.stdout).toMatch(/OVER \/docs\/outbound-webhooks\s/);
  });

  it('passes the same script on another public page (20 KB budget) and a small one under /docs', () => {
    expect(check(siteWith('login', 12)).status).toBe(0);
    rmSync(dist, { recursive: true, force: true });
    expect(check(siteWith('docs', 8)).status).toBe(0);
  });
});
