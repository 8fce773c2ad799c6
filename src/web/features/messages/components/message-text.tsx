import { useMemo } from 'react';
import { tokenize } from '../links.ts';

/**
 * A message's text with its http(s) URLs as links that open in a new tab and tell the site
 * nothing of the chat (docs/chat.md, Links). Built as elements: the text is never read as HTML.
 */
export function MessageText({ text }: { text: string }) {
  const tokens = useMemo(() => tokenize(text), [text]);
  return tokens.map((token, index) =>
    token.type === 'link' ? (
      <a
        // biome-ignore lint/suspicious/noArrayIndexKey: the tokens of one text never reorder.
        key={index}
        href={token.href}
        target="_blank"
        rel="noopener noreferrer"
        className="underline underline-offset-2"
      >
        {token.text}
      </a>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the tokens of one text never reorder.
      <span key={index}>{token.text}</span>
    ),
  );
}
