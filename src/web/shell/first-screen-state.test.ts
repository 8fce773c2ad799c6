import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_STATE_ID } from '#shared/screens/first-screen.ts';
import { createQueryClient } from '../lib/query-client.ts';
import {
  firstScreenStateBlock,
  hydrateFirstScreenState,
  takeFirstScreenState,
} from './first-screen-state.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A page whose #root holds this data block, as far as takeFirstScreenState looks. */
function pageWith(block: string) {
  const text = /<script[^>]*>(.*)<\/script>/s.exec(block)?.[1] ?? '';
  // A script element's text is its source as it is: JSON.parse reads the escapes.
  const element = { textContent: text, remove: vi.fn() };
  vi.stubGlobal('document', {
    getElementById: (id: string) => (id === FIRST_SCREEN_STATE_ID ? element : null),
  });
  return element;
}

describe("the first screen's data block", () => {
  it('carries the same answers the same way whenever they were read, with no text able to end it', () => {
    const block = (at: number) => {
      vi.setSystemTime(at);
      const client = createQueryClient();
      client.setQueryData(['/api/messages'], [{ content: '</script><b>hi</b>' }]);
      return firstScreenStateBlock(client, '/messages', 'Asia/Tokyo');
    };
    vi.useFakeTimers();
    const first = block(1_000);
    expect(block(9_000_000)).toBe(first);
    expect(first).toMatch(new RegExp(`^<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">`));
    expect(first.slice(0, -'</script>'.length)).not.toContain('</');
  });

  it("goes into the app's cache as fresh as the page, and only at the address it was rendered for", () => {
    const server = createQueryClient();
    server.setQueryData(['/api/chores'], [{ id: 'c1' }]);
    const block = firstScreenStateBlock(server, '/chores', 'Europe/Paris');
    const element = pageWith(block);
    const state = takeFirstScreenState('/chores')!;
    expect(element.remove).toHaveBeenCalled();
    expect(state).toMatchObject({ path: '/chores', timeZone: 'Europe/Paris' });

    const app = createQueryClient();
    hydrateFirstScreenState(app, state);
    expect(app.getQueryData(['/api/chores'])).toEqual([{ id: 'c1' }]);
    expect(app.getQueryState(['/api/chores'])?.isInvalidated).toBe(false);
    expect(Date.now() - (app.getQueryState(['/api/chores'])?.dataUpdatedAt ?? 0)).toBeLessThan(1_000);

    pageWith(block);
    expect(takeFirstScreenState('/expenses')).toBeNull();
    pageWith(block.replace('{"path"', '{"pa'));
    expect(takeFirstScreenState('/chores')).toBeNull();
  });
});
