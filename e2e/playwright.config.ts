// Browser tests: `npx vite build && npx playwright test -c e2e/playwright.config.ts` from the repo
// root (npm test -- e2e builds dist/web first). The webServer recreates a throwaway DATA_DIR
// with its embedded PostgreSQL (ADR 048), inserts the test accounts (e2e/prepare-db.ts), builds
// the server bundle if it is missing or stale, and runs it as `npm start` does (node
// dist/server/main.js, ADR 011), serving dist/web. It does not build the web app. SIGTERM at the
// end lets the server stop its database.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { GOOGLE_STUB_ENV } from './lib/google-stub.ts';
import { LISTING_FIXTURE_ORIGIN } from './lib/listing-fixture.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');

// Not one of Chromium's unsafe ports (5060, 5061, 6000, 6665-6669...).
const PORT = Number(process.env.E2E_PORT ?? 5188);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// Same name in the runner and its workers (the config is loaded by each); prepare-db deletes it first.
const DATA_DIR = path.join(os.tmpdir(), `autoimport-e2e-${PORT}`);

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: './tests',
  // Playwright empties its outputDir at the start of a run: one per port keeps it apart from the
  // Vitest JSON files in test-results/ and from a concurrent run on another E2E_PORT.
  outputDir: path.join(repoRoot, 'test-results', `e2e-${PORT}`),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  // The reporter comes from the command line (--reporter); Playwright's default otherwise.
  use: {
    baseURL: BASE_URL,
    locale: 'en-US',
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The app's /sw.js would sit between the page and page.route(); the tests do not need it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'desktop-chromium',
      grepInvert: /@mobile/,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile-chromium',
      grep: /@mobile/,
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer: {
    command:
      'npx tsx e2e/prepare-db.ts && node scripts/build-server.mjs --if-stale && node --enable-source-maps dist/server/main.js',
    cwd: repoRoot,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      PUBLIC_URL: BASE_URL,
      DATA_DIR,
      BACKUP_DIR: path.join(DATA_DIR, 'backups'),
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      // A task due in a minute reminds its owner within seconds (tasks.spec.ts).
      TASK_DUE_CHECK_SECONDS: '3',
      // TEST ONLY: listing pages and photos from the proposals spec's fixture server (e2e/lib/listing-fixture.ts).
      LISTING_FETCH_TEST_ORIGIN: LISTING_FIXTURE_ORIGIN,
      // TEST ONLY: Google sign-in goes to the OAuth stub google-sign-in.spec starts (e2e/lib/google-stub.ts).
      ...GOOGLE_STUB_ENV,
      // The DATABASE_URL of a developer's shell would point the server at PostgreSQL instead.
      DATABASE_URL: '',
      // A build of its own (`npx vite build --outDir ../../dist/web-5201 --emptyOutDir`: vite's root is src/web), so parallel runs do not rebuild each other's files.
      ...(process.env.E2E_WEB_ROOT ? { WEB_ROOT: path.resolve(repoRoot, process.env.E2E_WEB_ROOT) } : {}),
    },
  },
});
