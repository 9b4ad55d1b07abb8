import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Four projects: unit (pure and server logic), integration (real app + database), web (jsdom),
// reliability (the compiled server under bad input and kill -9).
// Integration runs on a private embedded PostgreSQL server of the run (ADR 048), or on the
// PostgreSQL server TEST_DATABASE_URL names.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'src/shared/**/*.test.ts',
            'extension/**/*.test.ts',
            'src/server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'eslint/**/*.test.ts',
          ],
          exclude: ['**/*.routes.test.ts', '**/*.db.test.ts'],
          env: { TZ: 'UTC' },
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['src/server/**/*.routes.test.ts', 'src/server/**/*.db.test.ts'],
          globalSetup: ['src/test/global-setup.ts'],
          pool: 'forks',
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { TZ: 'UTC' },
        },
      },
      {
        // The reliability suite (bench/README.md): the compiled server in its own process, fuzzed
        // and killed. `npm run test:reliability`; RELIABILITY_FULL=1 for the full form.
        test: {
          name: 'reliability',
          environment: 'node',
          include: ['bench/reliability/**/*.reliability.test.ts'],
          pool: 'forks',
          maxWorkers: 1,
          fileParallelism: false,
          testTimeout: 600_000,
          hookTimeout: 180_000,
          env: { TZ: 'UTC' },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/web-setup.ts'],
          // jsdom screens render slowly while the other projects load both cores (CI runs them
          // together): a test waits longer before failing, and one that never passes still fails.
          testTimeout: 15_000,
          env: { TZ: 'UTC' },
        },
      },
    ],
  },
});
