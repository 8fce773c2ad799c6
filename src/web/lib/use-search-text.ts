import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A list's search field whose words live in the address (?q=). The field shows the text as typed:
 * the router changes the address in a transition, and a field that showed the address would drop
 * keys typed before it caught up. The trimmed text goes to the address `delay` ms after the last
 * key (0: with each key) or at once with `flush` (Enter); a change of the address made elsewhere
 * (Back, Clear) replaces the text.
 */
export function useSearchText(value: string, write: (text: string) => void, delay = 0) {
  const [text, setText] = useState(value);
  // What this field has put in the address: the address showing one of them is the field's own
  // doing, perhaps a step behind the typing; anything else came from elsewhere.
  const sent = useRef(new Set([value]));
  useEffect(() => {
    if (sent.current.has(value)) return;
    sent.current = new Set([value]);
    setText(value);
  }, [value]);

  const send = useCallback(
    (next: string) => {
      const words = next.trim();
      sent.current.add(words);
      write(words);
    },
    [write],
  );
  useEffect(() => {
    if (delay === 0 || text.trim() === value) return;
    const timer = window.setTimeout(() => send(text), delay);
    return () => window.clearTimeout(timer);
  }, [text, value, delay, send]);

  const change = (next: string) => {
    setText(next);
    if (delay === 0) send(next);
  };
  const flush = () => {
    if (text.trim() !== value) send(text);
  };
  return { text, change, flush };
}
