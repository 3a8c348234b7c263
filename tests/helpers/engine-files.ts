// Which test files can behave differently on PostgreSQL than on PGlite. The PostgreSQL pass (`npm run test:pg`) runs
// only these: a file that never reaches a database helper gives the same result on both passes, so running it twice
// is repeated work. Read by vitest.config.ts, so it must stay plain Node (no Vitest imports).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Where a test meets the engine: the helpers that open the run's database and choose PGlite or PostgreSQL. */
const ENGINE_HELPERS = new Set(['tests/helpers/database.ts', 'tests/helpers/global-setup.ts']);

/** Text that ties a file to the engine even without the helpers (it reads the PostgreSQL URL itself). */
const ENGINE_MARKER = 'TEST_DATABASE_URL';

const TEST_FILE = /\.test\.tsx?$/;

/** Every test file under tests/ but the browser specs, repository-relative with forward slashes. */
export function vitestFiles(root: string): string[] {
  return readdirSync(path.join(root, 'tests'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && TEST_FILE.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.startsWith('tests/e2e/'))
    .sort();
}

/** The repository file a relative specifier names (extension optional), or undefined outside the repository. */
function resolveImport(root: string, from: string, specifier: string): string | undefined {
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  if (target.startsWith('..') || target.startsWith('node_modules/')) return undefined;
  return [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`].find((candidate) => existsSync(path.join(root, candidate)));
}

/**
 * The test files that reach the engine: they import, directly or through other files of the repository, a database
 * helper of tests/helpers, or one of them mentions TEST_DATABASE_URL. Type-only and dynamic imports count.
 */
export function engineDependentTestFiles(root: string): string[] {
  const imports = new Map<string, string[]>();
  const touchesEngine = new Map<string, boolean>();
  const visit = (file: string) => {
    if (imports.has(file)) return;
    const text = readFileSync(path.join(root, file), 'utf8');
    touchesEngine.set(file, ENGINE_HELPERS.has(file) || text.includes(ENGINE_MARKER));
    imports.set(
      file,
      ts
        .preProcessFile(text, true, true)
        .importedFiles.map((imported) => imported.fileName)
        .filter((specifier) => specifier.startsWith('.'))
        .flatMap((specifier) => resolveImport(root, file, specifier) ?? []),
    );
  };
  const reachesEngine = (start: string) => {
    const seen = new Set([start]);
    for (const file of seen) {
      visit(file);
      if (touchesEngine.get(file)) return true;
      for (const next of imports.get(file) ?? []) seen.add(next);
    }
    return false;
  };
  return vitestFiles(root).filter(reachesEngine);
}
