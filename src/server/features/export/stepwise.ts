import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { ChoreView } from '#shared/chores/api.ts';
import type { Db } from '../../db/database.ts';
import { listChores, RECENT_DONE_MS } from '../chores/queries.ts';

const CHORES_PAGE = 250;

/**
 * Every chore of the household, as the chores page splits them: open and recently done, then
 * the older history, latest done first, a page at a time with a turn for other requests between.
 */
export async function* chorePages(db: Db, householdId: string, now: number): AsyncGenerator<ChoreView[]> {
  yield await listChores(db, householdId, now);
  let before = now - RECENT_DONE_MS;
  let limit = CHORES_PAGE;
  for (;;) {
    await yieldToEventLoop();
    const page = await listChores(db, householdId, now, { before, limit });
    if (page.length < limit) {
      if (page.length > 0) yield page;
      return;
    }
    // The history pages by completion time alone: chores done in the page's last millisecond
    // start the next page, so none is skipped; a page of one millisecond only reads more.
    const last = Date.parse(page[page.length - 1]!.completedAt!);
    const whole = page.filter((chore) => Date.parse(chore.completedAt!) > last);
    if (whole.length === 0) {
      limit *= 2;
      continue;
    }
    yield whole;
    before = last + 1;
    limit = CHORES_PAGE;
  }
}

/** About how much JSON is written between turns for other requests. */
const PIECE_CHARS = 256 * 1024;

/**
 * A JSON array written out in pieces, the same text as JSON.stringify of the whole array
 * (compact, or indented by two spaces when `pretty`, with the replacer given). Other requests
 * get a turn between pieces, however large a page is.
 */
export async function* jsonArray<T>(
  pages: AsyncIterable<T[]>,
  {
    pretty = false,
    replacer,
  }: { pretty?: boolean; replacer?: (key: string, value: unknown) => unknown } = {},
): AsyncGenerator<string> {
  const [open, comma, close] = pretty ? ['[\n  ', ',\n  ', '\n]'] : ['[', ',', ']'];
  let started = false;
  let piece = '';
  for await (const page of pages) {
    for (const item of page) {
      // Items sit one level deep: each of their lines is indented once more (a string in JSON
      // never holds a raw newline).
      const text = pretty
        ? JSON.stringify(item, replacer, 2).replaceAll('\n', '\n  ')
        : JSON.stringify(item, replacer);
      piece += (started ? comma : open) + text;
      started = true;
      if (piece.length >= PIECE_CHARS) {
        yield piece;
        piece = '';
        await yieldToEventLoop();
      }
    }
  }
  yield piece + (started ? close : '[]');
}
