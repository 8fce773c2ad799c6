import { describe, expect, it } from 'vitest';
import { jsonArray } from './stepwise.ts';

async function* from<T>(pages: T[][]) {
  for (const page of pages) yield page;
}

async function text(pieces: AsyncIterable<string>) {
  let out = '';
  for await (const piece of pieces) out += piece;
  return out;
}

const item = (i: number) => ({
  id: i,
  note: 'line one\nline "two"',
  list: [i, { deep: [] }],
  gone: undefined,
});

describe('jsonArray', () => {
  const cases: [string, unknown[][]][] = [
    ['no pages', []],
    ['empty pages', [[], []]],
    ['one item', [[item(1)]]],
    ['pages, some empty', [[item(1), item(2)], [], [item(3)]]],
    ['more than a piece', [Array.from({ length: 3_000 }, (_, i) => item(i)), [item(-1)]]],
  ];

  it('writes what JSON.stringify writes of the whole array, compact and indented', async () => {
    for (const [name, pages] of cases) {
      const all = pages.flat();
      expect(await text(jsonArray(from(pages))), name).toBe(JSON.stringify(all));
      expect(await text(jsonArray(from(pages), { pretty: true })), name).toBe(JSON.stringify(all, null, 2));
    }
  });

  it('applies the replacer to every item as JSON.stringify would', async () => {
    const replacer = (key: string, value: unknown) => (key === 'note' ? 'hidden' : value);
    const pages = [[item(1), item(2)], [item(3)]];
    expect(await text(jsonArray(from(pages), { pretty: true, replacer }))).toBe(
      JSON.stringify(pages.flat(), replacer, 2),
    );
  });
});
