/**
 * Long pure work written as a generator that yields every so often: a server runs it in turns
 * and lets other requests in between; tests and browsers run it straight through.
 */
export type Steps<T> = Generator<void, T, void>;

export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
