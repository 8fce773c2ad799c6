import { describe, expect, it } from 'vitest';
import { tokenize } from './links.ts';

const links = (text: string) => tokenize(text).filter((t) => t.type === 'link');

describe('tokenize', () => {
  it('leaves text without links as one text token', () => {
    expect(tokenize('Anyone want coffee?')).toEqual([{ type: 'text', text: 'Anyone want coffee?' }]);
    expect(tokenize('')).toEqual([]);
  });

  it('finds a link inside text and keeps the text around it whole', () => {
    const tokens = tokenize('See https://example.com/a?b=1#c for details');
    expect(tokens).toEqual([
      { type: 'text', text: 'See ' },
      { type: 'link', text: 'https://example.com/a?b=1#c', href: 'https://example.com/a?b=1#c' },
      { type: 'text', text: ' for details' },
    ]);
    expect(tokens.map((t) => t.text).join('')).toBe('See https://example.com/a?b=1#c for details');
  });

  it('leaves punctuation that ends the sentence out of the link', () => {
    for (const end of ['.', ',', '!', '?', ':', ';', '...', '!?', '"', "'"]) {
      expect(links(`Go to https://example.com/page${end}`).map((l) => l.text)).toEqual([
        'https://example.com/page',
      ]);
    }
    expect(tokenize('http://a.example/x.').at(-1)).toEqual({ type: 'text', text: '.' });
  });

  it('keeps balanced parentheses and drops a closing one the link did not open', () => {
    expect(links('https://en.wikipedia.org/wiki/Hearth_(disambiguation)')[0]!.text).toBe(
      'https://en.wikipedia.org/wiki/Hearth_(disambiguation)',
    );
    expect(links('(see https://example.com/page)')[0]!.text).toBe('https://example.com/page');
    expect(links('(see https://example.com/a_(b)).')[0]!.text).toBe('https://example.com/a_(b)');
  });

  it('finds several links', () => {
    expect(
      links('http://a.example and https://b.example/x, then HTTPS://C.example').map((l) => l.href),
    ).toEqual(['http://a.example/', 'https://b.example/x', 'https://c.example/']);
  });

  it('never makes a link of another scheme', () => {
    for (const text of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'file:///etc/passwd',
      'ftp://example.com',
      'mailto:a@example.com',
      'https://',
      'http://',
    ]) {
      expect(links(text), text).toEqual([]);
      expect(
        tokenize(text)
          .map((t) => t.text)
          .join(''),
      ).toBe(text);
    }
  });

  it('links only the http part after another scheme', () => {
    expect(links('javascript:https://example.com').map((l) => l.href)).toEqual(['https://example.com/']);
  });

  it('stops at spaces, angle brackets and quotes', () => {
    expect(links('<https://example.com/a>')[0]!.text).toBe('https://example.com/a');
    expect(links('"https://example.com/a"')[0]!.text).toBe('https://example.com/a');
  });

  it('takes very long text quickly', () => {
    const long = `${'word '.repeat(20_000)}${'https://example.com/'.repeat(2_000)}${'('.repeat(5_000)}${'.'.repeat(5_000)}`;
    const started = performance.now();
    const tokens = tokenize(long);
    expect(performance.now() - started).toBeLessThan(500);
    expect(tokens.map((t) => t.text).join('')).toBe(long);
    const many = Array.from({ length: 1_000 }, (_, i) => `https://example.com/${i}`).join(' ');
    expect(links(many)).toHaveLength(1_000);
  });
});
