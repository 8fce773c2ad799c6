import { describe, expect, it } from 'vitest';
import { SCREENS, type ScreenName } from '#shared/screens/screens.ts';
import { screens } from './screens.ts';

// The first test compiles every screen's code on the way: seconds on a busy two-core machine.
describe('the screens’ code', { timeout: 60_000 }, () => {
  it('is the module the screen list names, for every screen', async () => {
    for (const name of Object.keys(SCREENS) as ScreenName[]) {
      const named = await import(/* @vite-ignore */ `../${SCREENS[name].module}`);
      expect(await screens[name].load(), name).toBe(named);
    }
  });

  it('tells the screens that read first how to get their answers', async () => {
    for (const name of Object.keys(SCREENS) as ScreenName[]) {
      const module = (await screens[name].load()) as { firstReads?: unknown };
      expect(module.firstReads !== undefined, name).toBe('reads' in SCREENS[name]);
    }
  });
});
