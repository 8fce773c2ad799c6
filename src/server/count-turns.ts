/**
 * For tests: counts the turns of the event loop from now until `stop`, so that a test can tell
 * in which turn something ran (one count per check phase).
 */
export function countTurns(): { current: () => number; stop: () => void } {
  let turn = 0;
  let counting = true;
  const count = () => {
    turn += 1;
    if (counting) setImmediate(count);
  };
  setImmediate(count);
  return {
    current: () => turn,
    stop: () => {
      counting = false;
    },
  };
}
