import { afterAll, vi } from 'vitest';

// Integration files share their worker's modules (vitest.config.ts, isolate: false): whatever a
// file changed of them (fake timers, spies, stubbed variables) is undone before the next one.
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
