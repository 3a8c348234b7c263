import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFile, describeViolation, type ImportViolation } from './import-rules.ts';

// The layering check (run by `npm test` through vitest): every import of server/, src/ and shared/ (static, dynamic,
// type-only) against the rules in import-rules.ts: routes → services → repositories → db; the server imports nothing
// of the console; shared/ runs everywhere; the console never imports server/ or node:*.

const ROOT = path.resolve(import.meta.dirname, '../..');
const CODE = /\.(ts|tsx|mts|cts|js|mjs|jsx|astro)$/;

/**
 * Today's violations, exactly, as [importing file, specifier]. Other branches remove them (routes → services instead
 * of repositories and db; repositories as the only importers of db/schema); the lead empties this list after merging
 * them. A new violation fails, and so does an entry here that no longer happens, so the list only shrinks.
 */
const allowedForNow: ReadonlyArray<readonly [string, string]> = [
  // Routes that import server/db (mostly `import type { Database }` for their options) or a repository.
  ['server/routes/ai.ts', '../db/client.ts'],
  ['server/routes/auth.ts', '../db/client.ts'],
  ['server/routes/checkout-pages.ts', '../db/client.ts'],
  ['server/routes/countries.ts', '../db/client.ts'],
  ['server/routes/currencies.ts', '../db/client.ts'],
  ['server/routes/dashboard.ts', '../db/client.ts'],
  ['server/routes/files.ts', '../db/client.ts'],
  ['server/routes/files.ts', '../services/files/files-repository.ts'],
  ['server/routes/health.ts', '../db/client.ts'],
  ['server/routes/logs.ts', '../db/client.ts'],
  ['server/routes/organisation-public-urls.ts', '../db/client.ts'],
  ['server/routes/organisation-public-urls.ts', '../services/organisations/organisations-repository.ts'],
  ['server/routes/organisations.ts', '../db/client.ts'],
  ['server/routes/payments.ts', '../services/organisations/organisations-repository.ts'],
  ['server/routes/psp.ts', '../db/client.ts'],
  ['server/routes/psp.ts', '../services/providers/providers-repository.ts'],
  ['server/routes/receipt-batches.ts', '../db/client.ts'],
  ['server/routes/receipts.ts', '../db/client.ts'],
  ['server/routes/users.ts', '../db/client.ts'],
  ['server/routes/users.ts', '../services/users/users-repository.ts'],
  // Service files, not repositories, that build SQL on the tables of db/schema.
  ['server/services/organisations/public-urls.ts', '../../db/schema.ts'],
  ['server/services/payments/bank-checkout.ts', '../../db/schema.ts'],
  ['server/services/payments/payment-verifier.ts', '../../db/schema.ts'],
  ['server/services/payments/payments-service.ts', '../../db/schema.ts'],
  ['server/services/payments/reconcile.ts', '../../db/schema.ts'],
  ['server/services/receipts/documents.ts', '../../db/schema.ts'],
  ['server/services/receipts/receipt-batches.ts', '../../db/schema.ts'],
  ['server/services/webhooks/callback-lookups.ts', '../../db/schema.ts'],
  ['server/services/webhooks/psp-callback.ts', '../../db/schema.ts'],
];

/**
 * Imports that break a rule on purpose, for good: an Astro page's frontmatter runs at build time in Node, never in
 * the browser. The API reference page renders the OpenAPI description by running the server's generator then.
 */
const buildTimeOnly: ReadonlyArray<readonly [string, string]> = [
  ['src/pages/dashboard/integration-docs/api-reference.astro', 'node:child_process'],
];

const key = ([file, specifier]: readonly [string, string]) => `${file} → ${specifier}`;

function trackedCode(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'server', 'src', 'shared'], {
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
  const tolerated = new Set([...allowedForNow, ...buildTimeOnly].map(key));

  it('has no import across a wall beyond the known ones', () => {
    const fresh = violations.filter((violation) => !tolerated.has(key([violation.file, violation.specifier])));
    expect(fresh.map(describeViolation), 'forbidden imports (see tests/architecture/import-rules.ts)').toEqual([]);
  });

  it('lists in allowedForNow only violations that still happen', () => {
    const happening = new Set(violations.map((violation) => key([violation.file, violation.specifier])));
    const stale = [...allowedForNow, ...buildTimeOnly].map(key).filter((entry) => !happening.has(entry));
    expect(stale, 'fixed: remove these entries from allowedForNow in tests/architecture/layers.test.ts').toEqual([]);
  });
});
