import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFile, describeViolation, type ImportViolation } from './import-rules.ts';

// The layering check (run by `npm test` through vitest): every import of server/, src/ and isomorphic/ (static, dynamic,
// type-only) against the rules in import-rules.ts: routes → services → repositories → db; the server imports nothing
// of the console; isomorphic/ runs everywhere; the console never imports server/ or node:*.

const ROOT = path.resolve(import.meta.dirname, '../..');
const CODE = /\.(ts|tsx|mts|cts|js|mjs|jsx|astro)$/;

/**
 * Routes receive the database handle from app.ts and hand it to services; these import its type and nothing else
 * from server/db (checked below: every such line is an `import type`). Anything else a route needs from the
 * database goes through a service.
 */
const handleTypeImports: ReadonlyArray<readonly [string, string]> = [
  ['server/routes/ai.ts', '../db/client.ts'],
  ['server/routes/audit-events.ts', '../db/client.ts'],
  ['server/routes/auth.ts', '../db/client.ts'],
  ['server/routes/checkout-pages.ts', '../db/client.ts'],
  ['server/routes/credit-notes.ts', '../db/client.ts'],
  ['server/routes/dashboard.ts', '../db/client.ts'],
  ['server/routes/files.ts', '../db/client.ts'],
  ['server/routes/health.ts', '../db/client.ts'],
  ['server/routes/logs.ts', '../db/client.ts'],
  ['server/routes/organisation-public-urls.ts', '../db/client.ts'],
  ['server/routes/organisations.ts', '../db/client.ts'],
  ['server/routes/payment-timeline.ts', '../db/client.ts'],
  ['server/routes/psp.ts', '../db/client.ts'],
  ['server/routes/reference-routes.ts', '../db/client.ts'],
  ['server/routes/receipt-batches.ts', '../db/client.ts'],
  ['server/routes/receipts.ts', '../db/client.ts'],
  ['server/routes/sessions.ts', '../db/client.ts'],
  ['server/routes/two-factor.ts', '../db/client.ts'],
  ['server/routes/users.ts', '../db/client.ts'],
];

/**
 * Imports that break a rule on purpose, for good: an Astro page's frontmatter and an endpoint of the static build run
 * at build time in Node, never in the browser. The API reference pages render the OpenAPI description by running the
 * server's generator then; the public docs' Markdown lists the provider catalogue's worked configs.
 */
const buildTimeOnly: ReadonlyArray<readonly [string, string]> = [
  ['src/lib/openapi-build.ts', 'node:child_process'],
  ['src/pages/docs/[slug].md.ts', '../../../server/db/provider-catalogue.ts'],
];

const key = ([file, specifier]: readonly [string, string]) => `${file} → ${specifier}`;

function trackedCode(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'server', 'src', 'isomorphic'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return listed.split('\n').filter((file) => CODE.test(file));
}

function treeViolations(): ImportViolation[] {
  return trackedCode().flatMap((file) => checkFile(file, readFileSync(path.join(ROOT, file), 'utf8')));
}

describe('layering', () => {
  const violations = treeViolations();
  const tolerated = new Set([...handleTypeImports, ...buildTimeOnly].map(key));

  it('has no import across a wall beyond the known ones', () => {
    const fresh = violations.filter((violation) => !tolerated.has(key([violation.file, violation.specifier])));
    expect(fresh.map(describeViolation), 'forbidden imports (see tests/architecture/import-rules.ts)').toEqual([]);
  });

  it('lists only exceptions that still happen', () => {
    const happening = new Set(violations.map((violation) => key([violation.file, violation.specifier])));
    const stale = [...handleTypeImports, ...buildTimeOnly].map(key).filter((entry) => !happening.has(entry));
    expect(stale, 'no longer happening: remove these entries from tests/architecture/layers.test.ts').toEqual([]);
  });

  it('lets routes import only the type of the database handle', () => {
    const valueImports = handleTypeImports.filter(([file, specifier]) => {
      const source = readFileSync(path.join(ROOT, file), 'utf8');
      const lines = source.split('\n').filter((line) => line.includes(`'${specifier}'`));
      return lines.some((line) => !/^import type \{[^}]*\} from /.test(line));
    });
    expect(valueImports.map(key), 'routes may import the handle type only (import type …)').toEqual([]);
  });
});
