import { describe, expect, it } from 'vitest';
import { translate } from '#shared/i18n/catalogs.ts';
import type { ChatMessage } from '#shared/messages/api.ts';
import { systemMessageWords, type Translate, typingWords } from './chat-words.ts';

const inLanguage =
  (language: 'en' | 'de' | 'es'): Translate =>
  (id, values) =>
    translate(language, id, values);

const system = (value: ChatMessage['system'], content = 'stored English') => ({ content, system: value });

describe('systemMessageWords', () => {
  const joined = system({ kind: 'member_joined', params: { userId: 'u1', name: 'Bea C.' } });

  it('words a join in the reader’s language, English as it was stored', () => {
    expect(systemMessageWords(joined, inLanguage('en'))).toBe('Bea C. joined the household');
    expect(systemMessageWords(joined, inLanguage('de'))).toBe('Bea C. ist dem Haushalt beigetreten');
    expect(systemMessageWords(joined, inLanguage('es'))).toBe('Bea C. se unió al hogar');
  });

  it('words leaving, removal, reassigned chores and stopped expenses in German', () => {
    const de = inLanguage('de');
    expect(systemMessageWords(system({ kind: 'member_left', params: { userId: 'u', name: 'Al' } }), de)).toBe(
      'Al hat den Haushalt verlassen',
    );
    expect(
      systemMessageWords(system({ kind: 'member_removed', params: { userId: null, name: 'Al' } }), de),
    ).toBe('Al wurde aus dem Haushalt entfernt');
    const chores = [
      { title: 'Dishes', to: 'Bo' },
      { title: 'Trash', to: null },
    ];
    expect(
      systemMessageWords(
        system({ kind: 'chores_reassigned', params: { userId: 'u', name: 'Al', chores } }),
        de,
      ),
    ).toBe('Die offenen Aufgaben von Al wurden neu verteilt: Dishes → Bo, Trash → niemand');
    expect(
      systemMessageWords(
        system({ kind: 'chores_reassigned', params: { userId: 'u', name: 'Al', chores } }),
        inLanguage('en'),
      ),
    ).toBe("Al's open chores were reassigned: Dishes → Bo, Trash → nobody");
    expect(
      systemMessageWords(
        system({ kind: 'recurring_stopped', params: { userId: 'u', name: 'Al', titles: ['Rent', 'Wifi'] } }),
        de,
      ),
    ).toBe('Wiederkehrende Ausgaben, die Al bezahlt hat, wiederholen sich nicht mehr: Rent, Wifi');
  });

  it('shows the stored content of older messages without a kind', () => {
    expect(systemMessageWords(system(null, 'Ada joined the household'), inLanguage('de'))).toBe(
      'Ada joined the household',
    );
    expect(systemMessageWords(system(undefined, 'Old'), inLanguage('de'))).toBe('Old');
  });
});

describe('typingWords', () => {
  it('names one, two, or two and how many others, in English as before and in German', () => {
    const en = inLanguage('en');
    expect(typingWords([], en)).toBeNull();
    expect(typingWords(['Ada L.'], en)).toBe('Ada L. is typing…');
    expect(typingWords(['Ada L.', 'Bea E.'], en)).toBe('Ada L. and Bea E. are typing…');
    expect(typingWords(['Ada L.', 'Bea E.', 'Cy D.'], en)).toBe('Ada L., Bea E. and 1 other are typing…');
    expect(typingWords(['A', 'B', 'C', 'D'], en)).toBe('A, B and 2 others are typing…');
    const de = inLanguage('de');
    expect(typingWords(['Ada L.'], de)).toBe('Ada L. schreibt…');
    expect(typingWords(['A', 'B', 'C', 'D'], de)).toBe('A, B und 2 weitere schreiben…');
  });
});
