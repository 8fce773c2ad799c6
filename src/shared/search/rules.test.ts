import { describe, expect, it } from 'vitest';
import { containsPattern, containsText } from './rules.ts';

describe('containsPattern', () => {
  it('lower-cases the text and wraps it for "contains"', () => {
    expect(containsPattern('Rent')).toBe('%rent%');
    expect(containsPattern('ÄRZTE')).toBe('%ärzte%');
  });

  it("takes LIKE's wildcards and the escape character literally", () => {
    expect(containsPattern('50%')).toBe('%50\\%%');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(containsPattern('C:\\x')).toBe('%c:\\\\x%');
  });
});

describe('containsText', () => {
  it('ignores case and finds nothing in no text', () => {
    expect(containsText('Weekly Groceries', 'groc')).toBe(true);
    expect(containsText('Ärzte', 'ärz')).toBe(true);
    expect(containsText('Rent', 'rant')).toBe(false);
    expect(containsText(null, 'a')).toBe(false);
  });
});
