import { describe, expect, it } from 'vitest';
import { memoByKey } from './memo.ts';

describe('memoByKey', () => {
  it('makes each key once and answers the same value again, falsy ones too', () => {
    const made: number[] = [];
    const square = memoByKey((n: number) => {
      made.push(n);
      return n === 0 ? 0 : { n: n * n };
    });
    const four = square(2);
    expect(square(2)).toBe(four);
    expect(square(0)).toBe(0);
    expect(square(0)).toBe(0);
    expect(made).toEqual([2, 0]);
  });
});
