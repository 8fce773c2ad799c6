import { describe, expect, it } from 'vitest';
import { visibleRange } from './use-window-list.ts';

const offsets = (count: number, size: number) => Float64Array.from({ length: count + 1 }, (_, i) => i * size);

describe('visibleRange', () => {
  it('renders the rows on screen and a margin either side, never past the ends', () => {
    expect(visibleRange(offsets(5000, 100), 0, 1000)).toEqual([0, 19]);
    expect(visibleRange(offsets(5000, 100), 100_000, 1000)).toEqual([992, 1019]);
    expect(visibleRange(offsets(5000, 100), 499_500, 1000)).toEqual([4987, 5000]);
  });

  it('renders just the rows on screen when asked for no margin (the first render)', () => {
    expect(visibleRange(offsets(5000, 100), 0, 1000, 0)).toEqual([0, 11]);
  });

  it('handles an empty list and a list above the screen', () => {
    expect(visibleRange(offsets(0, 100), 0, 1000)).toEqual([0, 0]);
    expect(visibleRange(offsets(10, 100), -5000, 1000)).toEqual([0, 1]);
  });
});
