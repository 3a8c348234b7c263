// The V8 flags the server's process needs from its launch: V8 reads them only then, so server/main.ts replaces the
// process with one started with them (docs/performance.md, "The young generation at launch").

/** The embedded PGlite's WebAssembly on V8's baseline tier only (PGLITE_OPTIMIZE=on keeps the optimising tier). */
export const BASELINE_WASM = '--liftoff-only';

/**
 * A young generation of at most 16 MB a semi-space. Node 24's V8 lets it grow to 32 MB a semi-space (64 MB of new
 * space) on a host with this much memory, and any sustained allocation (an export, API load) grows it there: the first
 * export after a start grew the process by ~60 MB. Bench figures in docs/performance.md; an operator's own
 * `--max-semi-space-size` (NODE_OPTIONS) wins.
 */
export const YOUNG_GENERATION = '--max-semi-space-size=16';

/** What launchFlags reads: the process's own flags, and the environment (DATABASE_URL, NODE_OPTIONS, …). */
export interface LaunchState {
  execArgv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
}

const given = (flag: string, state: LaunchState) => {
  const name = flag.split('=')[0]!;
  const options = [...state.execArgv, ...(state.env['NODE_OPTIONS'] ?? '').split(/\s+/)];
  return options.some((option) => option === name || option.startsWith(`${name}=`));
};

/** The flags this process lacks and must be relaunched with; none once it has them (so it relaunches at most once). */
export function launchFlags(state: LaunchState): string[] {
  const flags: string[] = [];
  // Without DATABASE_URL the server runs the embedded database; only PGlite loads WebAssembly, but the flag is
  // harmless to the embedded PostgreSQL, which runs in a process of its own.
  if (!state.env['DATABASE_URL'] && state.env['PGLITE_OPTIMIZE'] !== 'on' && !given(BASELINE_WASM, state)) flags.push(BASELINE_WASM);
  if (!given(YOUNG_GENERATION, state)) flags.push(YOUNG_GENERATION);
  return flags;
}
