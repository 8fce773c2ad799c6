import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest leaves one core free by default; on a two-core machine that means one file at a time.
// Unit files need no more than a core each (docs/decisions/0046-test-files-on-every-core.md).
const everyCore = os.availableParallelism();

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
          // One file at a time: several of these time their own event loop, and beside another
          // file on two cores PostgreSQL's sockets missed their 5 s waits (decision 0046).
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
