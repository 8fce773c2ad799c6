import fs from 'node:fs';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { compileCatalogs, readCatalog } from '../../../scripts/i18n.ts';
import { catalogs, i18nFor, translate } from './catalogs.ts';
import { LANGUAGES, SOURCE_LANGUAGE } from './languages.ts';

/**
 * What a message needs from the code: its arguments, and for each plural or select its kind and
 * (for a select) its cases, in a stable order. Plural cases may differ by language; `other` may not.
 */
function shape(text: string): string[] {
  const out = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument') out.add(`{${token.arg}}`);
      else if (token.type === 'function') out.add(`{${token.arg}, ${token.key}}`);
      else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        const keys = token.cases.map((c) => c.key);
        if (!keys.includes('other')) out.add(`{${token.arg}} lacks other`);
        out.add(
          token.type === 'select'
            ? `{${token.arg}, select, ${keys.sort().join(' ')}}`
            : `{${token.arg}, ${token.type}}`,
        );
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(text));
  // Rich-text tags (<0>...</0>, <1/>) are part of the text to ICU: the same tags in every language.
  for (const tag of text.match(/<\/?\d+\/?>/g) ?? []) out.add(tag);
  return [...out].sort();
}

const english = readCatalog(SOURCE_LANGUAGE);

describe('the catalogues', () => {
  it('have every English id in every language, none empty, with the same arguments and tags', () => {
    expect(english.size).toBeGreaterThan(0);
    for (const language of LANGUAGES) {
      const catalog = readCatalog(language);
      expect([...catalog.keys()].sort(), `${language}.po ids`).toEqual([...english.keys()].sort());
      for (const [id, source] of english) {
        const text = catalog.get(id);
        expect(text?.trim(), `${language}.po ${id} is empty`).toBeTruthy();
        expect(shape(text!), `${language}.po ${id}`).toEqual(shape(source));
      }
    }
  });

  it('name their ids with dots, the way docs/i18n.md says', () => {
    for (const id of english.keys()) expect(id).toMatch(/^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)+$/);
  });

  it('are compiled as committed (run `npm run i18n:compile` after editing a .po file)', () => {
    for (const [file, text] of compileCatalogs()) expect(fs.readFileSync(file, 'utf8'), file).toBe(text);
  });
});

describe('the pseudo-locale', () => {
  it('wraps and accents every message, keeping its arguments, plurals and tags', () => {
    for (const id of english.keys()) {
      const text = i18nFor('pseudo')._(id, { label: 'Chat', count: 2, household: 'Flat', inviter: 'Ada' });
      expect(text, id).toMatch(/^\[!! .* !!\]$/s);
    }
    expect(translate('pseudo', 'nav.unread', { label: 'Chat', count: 2 })).toBe(
      '[!! Chat, 2 ûñŕéàđ ɱéššàĝéš !!]',
    );
    expect(translate('pseudo', 'nav.unread', { label: 'Chat', count: 1 })).toBe(
      '[!! Chat, 1 ûñŕéàđ ɱéššàĝé !!]',
    );
    expect(JSON.stringify(catalogs.pseudo['landing.hero.title'])).toContain('<0>');
  });
});

describe('translate (for e-mails and pushes)', () => {
  it('answers in the language asked, with ICU plurals', () => {
    expect(translate('en', 'nav.unread', { label: 'Chat', count: 1 })).toBe('Chat, 1 unread message');
    expect(translate('de', 'nav.unread', { label: 'Chat', count: 3 })).toBe('Chat, 3 ungelesene Nachrichten');
    expect(translate('es', 'auth.invite.title', { household: 'Casa Azul' })).toBe('Únete a Casa Azul');
  });
});
