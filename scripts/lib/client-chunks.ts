/**
 * How the browser build groups modules into chunks (docs/web-performance.md#chunks). Left to itself the bundler makes
 * one chunk per set of importers, so a console page fetched 25 files of 1–3 KB; a phone on a mobile network opens six
 * connections at a time and waits a round trip for each wave. Two groups cut that to a handful:
 *
 * - `shared`: modules that both the console's islands and a public page's script import (the session store, the API
 *   client). Public pages keep loading only what they loaded before, as one file instead of several.
 * - `console`: modules that two or more islands import and no public page does (React, the shell, the shared UI).
 *   Every console page loads the same one chunk; what a single island alone uses stays in that island's file.
 *
 * Modules reached only through a dynamic `import()` (Monaco, the docs search) stay where the bundler puts them.
 */

/** The slice of the bundler's module graph the grouping reads (rolldown's ChunkingContext). */
export interface ModuleGraph {
  getModuleInfo(moduleId: string): { isEntry: boolean; importers: readonly string[] } | null;
}

export type ClientChunk = 'shared' | 'console';

const SEPARATOR = String.raw`[\\/]`;
const ISLAND = new RegExp(`${SEPARATOR}src${SEPARATOR}islands${SEPARATOR}.+\\.tsx$`);
const REACT_RENDERER = new RegExp(`${SEPARATOR}@astrojs${SEPARATOR}react${SEPARATOR}`);

/** Whether an entry is hydrated React (an island or Astro's React renderer) rather than a page's own script. */
const isReactEntry = (entryId: string) => ISLAND.test(entryId) || REACT_RENDERER.test(entryId);

/** The entry modules that import `moduleId`, directly or through other modules, by static imports only. */
function entriesReaching(moduleId: string, graph: ModuleGraph): string[] {
  const entries: string[] = [];
  const seen = new Set<string>();
  const pending = [moduleId];
  while (pending.length > 0) {
    const current = pending.pop() as string;
    if (seen.has(current)) continue;
    seen.add(current);
    const info = graph.getModuleInfo(current);
    if (!info) continue;
    if (info.isEntry) entries.push(current);
    pending.push(...info.importers);
  }
  return entries;
}

/** The group a module belongs to, or null to leave it to the bundler. */
export function clientChunkOf(moduleId: string, graph: ModuleGraph): ClientChunk | null {
  const entries = entriesReaching(moduleId, graph);
  const reactEntries = entries.filter(isReactEntry).length;
  if (reactEntries === 0) return null;
  if (reactEntries < entries.length) return 'shared';
  return reactEntries >= 2 ? 'console' : null;
}

/** A rolldown `codeSplitting.groups` name function for one group. */
const groupNamed =
  (chunk: ClientChunk) =>
  (moduleId: string, graph: ModuleGraph): string | null =>
    clientChunkOf(moduleId, graph) === chunk ? chunk : null;

/**
 * The groups for `output.codeSplitting`. `shared` goes first: a group also takes in what its modules import, so
 * without the priority the console chunk would swallow the shared modules and public pages would load React.
 */
export const clientChunkGroups = [
  { name: groupNamed('shared'), priority: 1 },
  { name: groupNamed('console'), priority: 0 },
];
