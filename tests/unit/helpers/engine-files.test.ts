// The PostgreSQL pass runs only engine-dependent files (tests/helpers/engine-files.ts): a file it misses would lose its
// PostgreSQL coverage without anyone noticing, so the scan is checked against the real tree.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { engineDependentTestFiles, vitestFiles } from '../../helpers/engine-files.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const all = vitestFiles(ROOT);
const dependent = engineDependentTestFiles(ROOT);

test('every test file that names a database helper or the engine itself is in the PostgreSQL pass', () => {
  const naming = all.filter((file) =>
    /\b(buildTestApp|buildListeningTestApp|createTestDatabase|createEmptyPostgresDatabase|testEngine|TEST_DATABASE_URL)\b/.test(
      readFileSync(path.join(ROOT, file), 'utf8'),
    ),
  );
  expect(naming.length).toBeGreaterThan(40);
  expect(naming.filter((file) => !dependent.includes(file))).toEqual([]);
});

test('a file reaching the database only through another helper counts; pure units and islands do not', () => {
  // webhook-workers reads TEST_DATABASE_URL; payments uses buildTestApp (tests/helpers/app.ts → database.ts).
  expect(dependent).toEqual(expect.arrayContaining(['tests/api/webhook-workers.test.ts', 'tests/api/payments.test.ts']));
  expect(dependent).not.toContain('tests/unit/isomorphic/money.test.ts');
  expect(dependent).not.toContain('tests/unit/islands/ui/Toasts.test.tsx');
  expect(all).toEqual(expect.arrayContaining(dependent));
  expect(all.some((file) => file.startsWith('tests/e2e/'))).toBe(false);
});
