// Whether a console directory is what `npm run build` makes, so that a page measured from it is what a user receives:
// the pages and the precompressed copies the server sends (scripts/precompress.ts). A bare `astro build` writes
// neither the copies nor the docs' search index, and a page measured from it transfers its scripts raw.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { precompressibleFiles } from '../../scripts/lib/precompress.ts';

/** Why the console in `consoleDir` cannot be measured as users receive it, or undefined when it can. */
export function consoleBuildProblem(consoleDir: string): string | undefined {
  if (!existsSync(path.join(consoleDir, 'login', 'index.html'))) return `no built console in ${consoleDir} (npm run build writes dist)`;
  if (!precompressibleFiles(consoleDir).some((file) => existsSync(`${file}.br`)))
    return `the console in ${consoleDir} has no precompressed copies: it was not built by npm run build`;
  return undefined;
}
