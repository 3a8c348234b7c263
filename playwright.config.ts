import { defineConfig, devices } from '@playwright/test';
import { BASE_URL } from './tests/e2e/support/constants.ts';

const CI = !!process.env['CI'];

// End-to-end tests of the built console against a real server (tests/e2e/support/start-e2e-server.ts).
// This config never builds: run `npm run build` first (`npm test` does).
// Browsers are never downloaded: Debian's Chromium is used (override with CHROMIUM_PATH).
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // Every test signs in on its own page and the accounts whose passwords change are dedicated to one test.
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: 2,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    // The console follows the system's theme; specs run in the dark one unless they choose (layout, accessibility).
    colorScheme: 'dark',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  projects: [
    // Signs in once per role through the UI and saves the browser storage for the specs that need it.
    { name: 'setup', testMatch: /.*\.setup\.ts$/, use: { ...devices['Desktop Chrome'] } },
    { name: 'chromium', dependencies: ['setup'], use: { ...devices['Desktop Chrome'] } },
  ],
  webServer: {
    command: 'node tests/e2e/support/start-e2e-server.ts',
    url: `${BASE_URL}/api/health`,
    // A fresh, seeded server every run: the specs change passwords and rely on the seed.
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
