// Searching and filtering lists (docs/client.md, Lists, filters and search): what a search text
// may be and how it is matched. No Zod here, so screens can use the limits without the schemas.

/** The longest search text, after trimming. */
export const SEARCH_TEXT_MAX = 100;

/** GET /api/search answers at most this many matches of each kind. */
export const SEARCH_RESULTS_PER_KIND = 10;

/** The character that escapes LIKE's wildcards in the patterns below. */
export const LIKE_ESCAPE = '\\';

/**
 * A search text as a LIKE pattern for "contains, ignoring case": lower-cased (the column is
 * lower-cased the same way) with `%`, `_` and the escape character taken literally.
 */
export function containsPattern(text: string): string {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (c) => `${LIKE_ESCAPE}${c}`);
  return `%${escaped}%`;
}

/** Whether `text` contains `search`, ignoring case: what containsPattern matches, for a list in memory. */
export function containsText(text: string | null | undefined, search: string): boolean {
  return text?.toLowerCase().includes(search.toLowerCase()) ?? false;
}
