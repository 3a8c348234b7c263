import { expect, test } from 'vitest';
import { BASELINE_WASM, YOUNG_GENERATION, launchFlags } from '../../../server/launch-flags.ts';

const postgres = { DATABASE_URL: 'postgres://payrail@db/payrail' };

test('the embedded PGlite gets the baseline tier and the young generation; PostgreSQL the young generation only', () => {
  expect(launchFlags({ execArgv: [], env: {} })).toEqual([BASELINE_WASM, YOUNG_GENERATION]);
  expect(launchFlags({ execArgv: [], env: postgres })).toEqual([YOUNG_GENERATION]);
  expect(launchFlags({ execArgv: [], env: { PGLITE_OPTIMIZE: 'on' } })).toEqual([YOUNG_GENERATION]);
});

test('a process started with its flags relaunches no more', () => {
  expect(launchFlags({ execArgv: [BASELINE_WASM, YOUNG_GENERATION], env: {} })).toEqual([]);
  expect(launchFlags({ execArgv: [YOUNG_GENERATION, '--cpu-prof'], env: postgres })).toEqual([]);
});

test("an operator's own young generation wins, from the command line or NODE_OPTIONS", () => {
  expect(launchFlags({ execArgv: ['--max-semi-space-size=8'], env: postgres })).toEqual([]);
  expect(launchFlags({ execArgv: [], env: { ...postgres, NODE_OPTIONS: '--enable-source-maps --max-semi-space-size=64' } })).toEqual([]);
  // A flag that only starts with the same letters is another flag.
  expect(launchFlags({ execArgv: ['--max-semi-space-sizes=8'], env: postgres })).toEqual([YOUNG_GENERATION]);
});
