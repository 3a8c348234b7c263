// Heavy packages that only some requests need (PDF rendering, SMTP, the analyst's date parser) are loaded the first
// time they are used instead of while the server starts: each costs a few hundred milliseconds of a cold start.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A package loaded (synchronously, once) on the first call of the returned function. */
export function lazyModule<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(specifier) as T);
}
