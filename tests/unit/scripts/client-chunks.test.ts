import { expect, test } from 'vitest';
import { clientChunkOf, type ModuleGraph } from '../../../scripts/lib/client-chunks.ts';

// A small build: two islands, Astro's React renderer and the sign-in page's own script as entries.
const ISLAND_A = '/app/src/islands/users/UsersPage.tsx';
const ISLAND_B = '/app/src/islands/shell/Shell.tsx';
const RENDERER = '/app/node_modules/@astrojs/react/dist/client.js';
const LOGIN_SCRIPT = '/app/src/pages/login.astro?astro&type=script&index=0&lang.ts';

const importers: Record<string, string[]> = {
  [ISLAND_A]: [],
  [ISLAND_B]: [],
  [RENDERER]: [],
  [LOGIN_SCRIPT]: [],
  '/app/node_modules/react/index.js': ['/app/node_modules/react/jsx-runtime.js', RENDERER],
  '/app/node_modules/react/jsx-runtime.js': [ISLAND_A, ISLAND_B],
  '/app/src/islands/ui/DataTable.tsx': [ISLAND_A],
  '/app/src/islands/ui/ScreenHeader.tsx': [ISLAND_A, '/app/src/islands/ui/DataTable.tsx'],
  '/app/src/lib/stores/session.ts': [ISLAND_B, LOGIN_SCRIPT],
  '/app/src/lib/token.ts': ['/app/src/lib/stores/session.ts'],
  '/app/src/lib/qr-code.ts': [LOGIN_SCRIPT],
  '/app/src/islands/ui/monaco/MonacoJsonEditor.tsx': [],
};
const entries = new Set([ISLAND_A, ISLAND_B, RENDERER, LOGIN_SCRIPT]);
const graph: ModuleGraph = {
  getModuleInfo: (id) => (id in importers ? { isEntry: entries.has(id), importers: importers[id] ?? [] } : null),
};

test('what two islands (or an island and the renderer) import goes to the console chunk', () => {
  expect(clientChunkOf('/app/node_modules/react/index.js', graph)).toBe('console');
  expect(clientChunkOf('/app/node_modules/react/jsx-runtime.js', graph)).toBe('console');
});

test("what an island and a public page's script both import goes to the shared chunk, with what it imports", () => {
  expect(clientChunkOf('/app/src/lib/stores/session.ts', graph)).toBe('shared');
  expect(clientChunkOf('/app/src/lib/token.ts', graph)).toBe('shared');
});

test("one island's own modules, a public page's own modules and dynamic imports are left to the bundler", () => {
  expect(clientChunkOf('/app/src/islands/ui/DataTable.tsx', graph)).toBeNull();
  expect(clientChunkOf('/app/src/islands/ui/ScreenHeader.tsx', graph)).toBeNull();
  expect(clientChunkOf('/app/src/lib/qr-code.ts', graph)).toBeNull();
  expect(clientChunkOf('/app/src/islands/ui/monaco/MonacoJsonEditor.tsx', graph)).toBeNull();
  expect(clientChunkOf('/app/unknown.ts', graph)).toBeNull();
});
