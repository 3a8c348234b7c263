// The process entry (`npm start`): what must be settled before the server's modules load, then the server itself
// (server/serve.ts), or several API processes of it (WEB_CONCURRENCY, server/cluster.ts).
import { enableCompileCache, registerHooks } from 'node:module';
import { loadEnvFileIfPresent } from './env-file.ts';
import { launchFlags } from './launch-flags.ts';

// Before anything reads the environment (DATABASE_URL decides the relaunch below).
loadEnvFileIfPresent();

// V8 reads some flags only at launch (server/launch-flags.ts): the young generation's size for every engine, and
// for the embedded PGlite, PostgreSQL built to WebAssembly, the baseline tier only. V8's optimising tier recompiles
// PGlite's hot functions in the background, which takes a few hundred MB of transient memory at start-up (peak RSS
// ~1 GB with 1 M payments); the baseline tier alone peaks near 500 MB, at the cost of heavy embedded queries (search,
// long charts) running up to about twice as long. So the process replaces itself with one started with them (same
// pid, so signals and supervisors see no difference). PGLITE_OPTIMIZE=on keeps the optimising tier.
const relaunchWith = launchFlags({ execArgv: process.execArgv, env: process.env });
// process.execve exists on POSIX systems only; elsewhere the server runs with V8's defaults.
if (relaunchWith.length > 0 && process.execve) {
  process.execve(process.execPath, [process.execPath, ...relaunchWith, ...process.execArgv, ...process.argv.slice(1)], process.env);
}

// Node's on-disk compile cache (in the OS temp directory): a restart skips most of the parsing and compiling of the
// server's modules, about half a second of a cold start.
enableCompileCache();

// drizzle-orm's package.json is ~180 KB (its exports map) and Node parses it again for every one of its files it
// resolves, to learn their format — about a sixth of a cold start. Its files import each other by relative path with
// the extension, and all of them are ES modules ("type": "module"), so those imports are resolved here directly.
registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (parent?.includes('/node_modules/drizzle-orm/') && specifier.startsWith('.') && specifier.endsWith('.js')) {
      return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});

// WEB_CONCURRENCY above 1: this process becomes the primary of that many API processes (server/cluster.ts), each of
// which runs this file again and serves (node:cluster shares the port).
const { default: cluster } = await import('node:cluster');
const { startApiProcesses, wantsSeveralProcesses } = await import('./cluster.ts');
if (!(cluster.isPrimary && wantsSeveralProcesses() && (await startApiProcesses()))) await import('./serve.ts');
