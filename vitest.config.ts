import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    // Migrates one database per run, which every test file copies (tests/helpers/database.ts).
    globalSetup: ['tests/helpers/global-setup.ts'],
    // Component tests (happy-dom) render frames, such as the invoice preview, with no server behind them: a frame
    // keeps its URL and fires 'load' without fetching, instead of logging an error with a stack trace.
    environmentOptions: {
      happyDOM: { settings: { enableIframePageLoading: true, navigation: { disableChildFrameNavigation: true } } },
    },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
