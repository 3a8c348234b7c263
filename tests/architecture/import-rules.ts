import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

/**
 * The layering rules of the repository, as a pure function of (importing file, imported specifier), so that the
 * architecture test can run them over the real tree and its own unit test can run them over synthetic imports.
 *
 * Type-only imports count. `import type` is erased at run time, but it still ties one layer to the other's shapes:
 * a route that types its reply with a repository's row type breaks when the table changes, and the console typing
 * itself from server modules is what isomorphic/schemas exists to replace. So the check does not tell them apart.
 */

/** One import the rules refuse: who imports what, and which rule says no. */
export interface ImportViolation {
  file: string;
  specifier: string;
  rule: string;
}

/** One import statement found in a file: the specifier as written. */
export interface FoundImport {
  specifier: string;
}

const NODE_BUILTINS = new Set(builtinModules);

/** Packages that need Node or a server (sockets, files, the database): isomorphic/ must not depend on them. */
const SERVER_ONLY_PACKAGES = [
  'fastify',
  '@fastify/',
  'fastify-plugin',
  'drizzle-orm',
  '@electric-sql/pglite',
  'pg',
  'postgres',
  'nodemailer',
  'close-with-grace',
  'helmet',
  'fontkit',
];

/** Packages that need a browser (DOM, React, stores of one page): isomorphic/ must not depend on them either. */
const BROWSER_ONLY_PACKAGES = ['react', 'react-dom', 'nanostores', '@nanostores/', 'monaco-editor', '@monaco-editor/', 'chart.js', 'astro'];

/** The console's folders whose code runs in the browser or builds its pages (src/components and src/content are docs). */
const CONSOLE_FOLDERS = ['src/islands/', 'src/lib/', 'src/page-scripts/', 'src/pages/', 'src/layouts/'];

function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || NODE_BUILTINS.has(specifier.split('/')[0] ?? specifier);
}

function isPackage(specifier: string, names: readonly string[]): boolean {
  return names.some((name) => (name.endsWith('/') ? specifier.startsWith(name) : specifier === name || specifier.startsWith(`${name}/`)));
}

/** The repository-relative path a relative specifier points at, or null for a package. */
export function resolveSpecifier(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) return null;
  return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
}

/** The rules one import breaks (usually none); `file` is repository-relative with forward slashes. */
export function checkImport(file: string, specifier: string): ImportViolation[] {
  const target = resolveSpecifier(file, specifier);
  const violations: ImportViolation[] = [];
  const refuse = (rule: string) => violations.push({ file, specifier, rule });
  const into = (folder: string) => target !== null && (target === folder || target.startsWith(`${folder}/`));

  if (file.startsWith('server/')) {
    if (into('src')) refuse('the server never imports the console (src/); code both need belongs in isomorphic/');
    if (file.startsWith('server/routes/')) {
      if (into('server/db')) refuse('routes never import server/db: they call services, services call repositories');
      if (target?.endsWith('-repository.ts') || target?.endsWith('-repository'))
        refuse('routes never import a repository: they call a service, which calls the repository');
    }
    if (file.startsWith('server/services/') && !/-repository\.ts$/.test(file) && /^server\/db\/schema(\.ts)?$/.test(target ?? ''))
      refuse('only repositories (*-repository.ts) import server/db/schema: SQL for a table lives in its repository');
  }

  if (file.startsWith('isomorphic/')) {
    if (target !== null && !into('isomorphic'))
      refuse('isomorphic/ imports only isomorphic/ (no server/, no src/, nothing else in the tree)');
    if (target === null && isNodeBuiltin(specifier)) refuse('isomorphic/ runs in the browser too: no node:* modules');
    if (target === null && isPackage(specifier, SERVER_ONLY_PACKAGES))
      refuse('isomorphic/ runs in the browser too: no server-only packages');
    if (target === null && isPackage(specifier, BROWSER_ONLY_PACKAGES))
      refuse('isomorphic/ runs on the server too: no browser-only packages');
  }

  if (CONSOLE_FOLDERS.some((folder) => file.startsWith(folder))) {
    if (into('server')) refuse('the console never imports server/: wire types come from isomorphic/schemas, rules from isomorphic/');
    if (target === null && isNodeBuiltin(specifier)) refuse('the console runs in the browser: no node:* modules');
  }

  return violations;
}

/** The code an .astro file runs: its frontmatter and its <script> blocks (the markup imports nothing). */
function astroCode(source: string): string {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '';
  const scripts = [...source.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
  return [frontmatter, ...scripts].join('\n');
}

/**
 * Every module specifier a file imports: static imports and re-exports (`import type` and `export type` too),
 * dynamic `import()` and `require()`. TypeScript's own pre-processor finds them, so strings and comments that only
 * look like imports do not count.
 */
export function findImports(file: string, source: string): FoundImport[] {
  const code = file.endsWith('.astro') ? astroCode(source) : source;
  const { importedFiles } = ts.preProcessFile(code, true, true);
  return importedFiles.map((imported) => ({ specifier: imported.fileName }));
}

/** The violations of one file's source. */
export function checkFile(file: string, source: string): ImportViolation[] {
  return findImports(file, source).flatMap(({ specifier }) => checkImport(file, specifier));
}

/** A violation as one line of the failure message. */
export function describeViolation(violation: ImportViolation): string {
  return `${violation.file} imports '${violation.specifier}': ${violation.rule}`;
}
