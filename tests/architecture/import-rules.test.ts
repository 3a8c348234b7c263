import { describe, expect, it } from 'vitest';
import { checkFile, checkImport, describeViolation, findImports } from './import-rules.ts';

// The checker itself, on synthetic files: each rule refuses what it should and lets the layer below through.

const refused = (file: string, specifier: string) => checkImport(file, specifier).map((violation) => violation.rule);

describe('finding imports', () => {
  it('finds static, type-only, re-exported, dynamic and required imports, not look-alikes in strings or comments', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { B } from './b.ts';",
      "export { c } from './c.ts';",
      "export type { D } from './d.ts';",
      "const e = await import('./e.ts');",
      "const f = require('./f.cjs');",
      "// import { g } from './g.ts';",
      'const text = "import { h } from \'./h.ts\'";',
    ].join('\n');
    expect(findImports('server/x.ts', source).map((found) => found.specifier)).toEqual([
      './a.ts',
      './b.ts',
      './c.ts',
      './d.ts',
      './e.ts',
      './f.cjs',
    ]);
  });

  it('reads an .astro file’s frontmatter and scripts, not its markup', () => {
    const source = [
      '---',
      "import Layout from '../layouts/ConsoleLayout.astro';",
      '---',
      "<p>import x from '../../server/app.ts'</p>",
      "<script>import { boot } from '../page-scripts/boot.ts';</script>",
    ].join('\n');
    expect(findImports('src/pages/x.astro', source).map((found) => found.specifier)).toEqual([
      '../layouts/ConsoleLayout.astro',
      '../page-scripts/boot.ts',
    ]);
  });
});

describe('the rules', () => {
  it('refuses routes importing server/db or a repository, and lets them call services', () => {
    expect(refused('server/routes/things.ts', '../db/client.ts')).toHaveLength(1);
    expect(refused('server/routes/things.ts', '../db/schema.ts')).toHaveLength(1);
    expect(refused('server/routes/things.ts', '../services/things/things-repository.ts')).toHaveLength(1);
    expect(refused('server/routes/things.ts', '../services/things/things-service.ts')).toEqual([]);
  });

  it('refuses a service file importing db/schema unless it is a repository', () => {
    expect(refused('server/services/things/things-service.ts', '../../db/schema.ts')).toHaveLength(1);
    expect(refused('server/services/things/things-repository.ts', '../../db/schema.ts')).toEqual([]);
    expect(refused('server/services/things/things-service.ts', '../../db/client.ts')).toEqual([]);
  });

  it('refuses any server file importing the console', () => {
    expect(refused('server/app.ts', '../src/lib/navigation.ts')).toHaveLength(1);
    expect(refused('server/services/x/y.ts', '../../../src/lib/api/payments.ts')).toHaveLength(1);
    expect(refused('server/app.ts', '../isomorphic/money.ts')).toEqual([]);
  });

  it('keeps isomorphic/ to isomorphic/ and to packages that run everywhere', () => {
    expect(refused('isomorphic/money.ts', '../server/errors.ts')).toHaveLength(1);
    expect(refused('isomorphic/schemas/payments.ts', '../../src/lib/paging.ts')).toHaveLength(1);
    expect(refused('isomorphic/signing.ts', 'node:crypto')).toHaveLength(1);
    expect(refused('isomorphic/signing.ts', 'crypto')).toHaveLength(1);
    expect(refused('isomorphic/schemas/payments.ts', 'drizzle-orm')).toHaveLength(1);
    expect(refused('isomorphic/schemas/payments.ts', '@fastify/type-provider-typebox')).toHaveLength(1);
    expect(refused('isomorphic/template.ts', 'react')).toHaveLength(1);
    expect(refused('isomorphic/schemas/payments.ts', '../money.ts')).toEqual([]);
    expect(refused('isomorphic/schemas/payments.ts', 'typebox')).toEqual([]);
  });

  it('refuses the console importing server/ or node:*', () => {
    expect(refused('src/islands/payments/PaymentsScreen.tsx', '../../../server/services/auth/tokens.ts')).toHaveLength(1);
    expect(refused('src/lib/api/payments.ts', '../../../server/schemas/payments.ts')).toHaveLength(1);
    expect(refused('src/layouts/ConsoleLayout.astro', 'node:fs')).toHaveLength(1);
    expect(refused('src/islands/payments/PaymentsScreen.tsx', '../../../isomorphic/money.ts')).toEqual([]);
    expect(refused('src/islands/payments/PaymentsScreen.tsx', 'react')).toEqual([]);
  });

  it('counts a type-only import like any other', () => {
    const violations = checkFile('src/islands/x/X.tsx', "import type { Role } from '../../../server/services/auth/tokens.ts';");
    expect(violations.map(describeViolation)).toEqual([
      "src/islands/x/X.tsx imports '../../../server/services/auth/tokens.ts': the console never imports server/: wire types come from isomorphic/schemas, rules from isomorphic/",
    ]);
  });
});
