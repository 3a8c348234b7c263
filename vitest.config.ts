import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { engineDependentTestFiles } from './tests/helpers/engine-files.ts';

// The PostgreSQL pass (TEST_DATABASE_URL set) runs only the files that reach the database helpers: the others (the
// console's islands, isomorphic/, pure units) give the same result on both engines and already ran on PGlite.
const postgresPass = !!process.env['TEST_DATABASE_URL'];

export default defineConfig({
  test: {
    include: postgresPass
      ? engineDependentTestFiles(path.dirname(fileURLToPath(import.meta.url)))
      : ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    // Migrates one database per run, which every test file copies (tests/helpers/database.ts).
    globalSetup: ['tests/helpers/global-setup.ts'],
    // Component tests (happy-dom) render frames, such as the invoice preview, with no server behind them: a frame
    // keeps its URL and fires 'load' without fetching, instead of logging an error with a stack trace.
    environmentOptions: {
      happyDOM: { settings: { enableIframePageLoading: true, navigation: { disableChildFrameNavigation: true } } },
    },
    // Vitest's default leaves one core to itself (one worker on 2 cores), but its main process mostly waits: two
    // workers on 2 cores ran the PGlite pass in 485 s against 617 s.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
