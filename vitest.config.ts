import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest leaves one core free by default; on a two-core machine that means one file at a time.
// These files hold their server in the test's own process, so every core can run one
// (docs/decisions/0046-test-files-on-every-core.md).
const everyCore = os.availableParallelism();

// The integration files that time their own event loop while a sweep or an import runs, or
// compare two timings: another file beside them would be measured too.
const TIMED_FILES = [
  'tests/integration/import-splitwise.test.ts',
  'tests/integration/passwords.test.ts',
  'tests/integration/recurring-sweep.test.ts',
];

const integration = {
  // Each file builds its own app on its own database, so the server's modules are loaded once
  // per worker, not once per file; undo-per-file.ts resets what a file changed.
  isolate: false,
  include: ['tests/integration/**/*.test.ts'],
  environment: 'node' as const,
  setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/undo-per-file.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          maxWorkers: everyCore,
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'node',
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          ...integration,
          exclude: TIMED_FILES,
          maxWorkers: everyCore,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration-timed',
          ...integration,
          include: TIMED_FILES,
          // After the others, one file at a time: these measure their own event loop.
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          // Real server processes killed, restarted and cut off from their database.
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/reliability/global-setup.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          // Each file runs several server processes; on two cores, one file at a time.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
