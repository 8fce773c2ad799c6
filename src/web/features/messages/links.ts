/**
 * Splits message text into plain text and links, for rendering as React elements (never as
 * HTML). Only http: and https: URLs become links; anything else, `javascript:` included, stays
 * text. Punctuation that ends a sentence is left out of a link, and a closing parenthesis only
 * belongs to it when the link opened one (as in Wikipedia's URLs).
 */
export type Token = { type: 'text'; text: string } | { type: 'link'; text: string; href: string };

// Linear: a scheme, then a run of characters that may not hold spaces or angle brackets.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/gi;
const TRAILING = /[.,;:!?'"»”’*_~]+$/;

/** The URL with the punctuation after it taken off, as a reader would read the sentence. */
function trimUrl(candidate: string): string {
  let url = candidate;
  for (;;) {
    const before = url;
    url = url.replace(TRAILING, '');
    if (url.endsWith(')')) {
      const opens = url.split('(').length - 1;
      const closes = url.split(')').length - 1;
      if (closes > opens) url = url.slice(0, -1);
    }
    if (url === before) return url;
  }
}

function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    if (!parsed.hostname) return null;
    return parsed.href;
  } catch {
    return null;
  }
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  const push = (chunk: string) => {
    if (!chunk) return;
    const previous = tokens.at(-1);
    if (previous?.type === 'text') previous.text += chunk;
    else tokens.push({ type: 'text', text: chunk });
  };
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = trimUrl(match[0]);
    const href = safeHref(url);
    if (!href || url.length <= 'https://'.length) continue;
    push(text.slice(last, start));
    tokens.push({ type: 'link', text: url, href });
    last = start + url.length;
  }
  push(text.slice(last));
  return tokens;
}
