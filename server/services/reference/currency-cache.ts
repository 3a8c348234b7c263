// Currencies change almost never (a base unit cannot change once payments use it), yet every payment list and
// creation needed them: one round trip per request. This per-process cache answers from memory for TTL_MS; every
// write through currencies-repository.ts (insert, update, delete) empties it at once in this process. Another process
// sees a change at most TTL_MS later (README, Scale-out).
import type { Database } from '../../db/client.ts';
import { findCurrenciesByCode, type CurrencyRow } from './currencies-repository.ts';

const TTL_MS = 30_000;

interface Cached {
  generation: number;
  loadedAt: number;
  byCode: Map<string, CurrencyRow>;
}

let generation = 0;
/** Per database handle: tests run several databases in one process. */
const caches = new WeakMap<Database, Cached>();

/** A currency was written: forget every cached currency of this process. */
export function forgetCachedCurrencies(): void {
  generation++;
}

/** Like findCurrenciesByCode, from memory when every code is known; unknown codes are always asked of the database. */
export async function cachedCurrenciesByCode(db: Database, codes: string[]): Promise<CurrencyRow[]> {
  const now = performance.now();
  let cached = caches.get(db);
  if (!cached || cached.generation !== generation || now - cached.loadedAt > TTL_MS) {
    cached = { generation, loadedAt: now, byCode: new Map() };
    caches.set(db, cached);
  }
  const found: CurrencyRow[] = [];
  const missing: string[] = [];
  for (const code of codes) {
    const row = cached.byCode.get(code);
    if (row) found.push(row);
    else missing.push(code);
  }
  if (missing.length === 0) return found;
  const startedGeneration = generation;
  const loaded = await findCurrenciesByCode(db, missing);
  // A write that happened while the rows were read may have changed them: use them, keep them only if none did.
  if (startedGeneration === generation && cached === caches.get(db)) for (const row of loaded) cached.byCode.set(row.code, row);
  return [...found, ...loaded];
}
