import { afterEach, vi } from 'vitest';

// An unexpected console.error is a bug somewhere: fail the test that caused it (STYLE: Tests).
let errors: unknown[][] = [];
const original = console.error;
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
  original(...args);
});

afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length > 0) {
    throw new Error(`console.error was called: ${seen.map((a) => a.map(String).join(' ')).join('\n')}`);
  }
});
