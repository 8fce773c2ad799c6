import { describe, expect, it } from 'vitest';
import { translate } from '#shared/i18n/catalogs.ts';
import { isTypingTarget, type KeyPress, matchShortcut, SHORTCUT_PATHS, SHORTCUTS } from './shortcuts.ts';

// Elements as the rules read them: by shape, so no DOM is needed.
const body = { tagName: 'BODY', closest: () => null } as unknown as EventTarget;
const element = (tagName: string, extra: Record<string, unknown> = {}) =>
  ({ tagName, closest: () => null, ...extra }) as unknown as EventTarget;
const inDialog = {
  tagName: 'BUTTON',
  closest: (s: string) => (s.includes('dialog') ? {} : null),
} as unknown as EventTarget;

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: body,
  ...extra,
});

/** The actions a series of keys runs, pressed one after another. */
function typed(keys: string[], extra: Partial<KeyPress> = {}) {
  let pending: string[] = [];
  const actions: string[] = [];
  for (const key of keys) {
    const result = matchShortcut(press(key, extra), pending);
    pending = result.pending;
    if (result.action) actions.push(result.action);
  }
  return actions;
}

describe('matchShortcut', () => {
  it('runs each action by its keys', () => {
    expect(typed(['e'])).toEqual(['newExpense']);
    expect(typed(['n', 'e'])).toEqual(['newExpense']);
    expect(typed(['c'])).toEqual(['newChore']);
    expect(typed(['/'])).toEqual(['search']);
    expect(typed(['?'])).toEqual(['help']);
  });

  it('waits after the first key of a sequence, and a key that does not follow starts afresh', () => {
    expect(matchShortcut(press('n'), [])).toEqual({ action: null, pending: ['n'] });
    expect(typed(['n', 'c'])).toEqual(['newChore']);
    expect(typed(['n', 'x', 'e'])).toEqual(['newExpense']);
  });

  it('ignores other keys', () => {
    expect(typed(['x', 'E', 'Enter', 'Escape'])).toEqual([]);
  });

  it('ignores keys with Ctrl, Cmd or Alt, but not Shift (? needs it)', () => {
    expect(typed(['e'], { ctrlKey: true })).toEqual([]);
    expect(typed(['c'], { metaKey: true })).toEqual([]);
    expect(typed(['/'], { altKey: true })).toEqual([]);
    expect(matchShortcut(press('n', { ctrlKey: true }), []).pending).toEqual([]);
    expect(typed(['?'], { shiftKey: true } as Partial<KeyPress>)).toEqual(['help']);
  });

  it('ignores held-down repeats and keys a handler already took', () => {
    expect(typed(['e'], { repeat: true })).toEqual([]);
    expect(typed(['e'], { defaultPrevented: true })).toEqual([]);
  });

  it('ignores keys typed into text fields, selects, contenteditable and dialogs', () => {
    for (const target of [
      element('INPUT', { type: 'text' }),
      element('INPUT', { type: 'search' }),
      element('INPUT', { type: 'number' }),
      element('TEXTAREA'),
      element('SELECT'),
      element('DIV', { isContentEditable: true }),
      inDialog,
    ])
      expect(typed(['e', 'c', '/', '?', 'n', 'e'], { target })).toEqual([]);
  });

  it('works on controls that take no text (a checkbox, a button, a link)', () => {
    expect(typed(['c'], { target: element('INPUT', { type: 'checkbox' }) })).toEqual(['newChore']);
    expect(typed(['c'], { target: element('BUTTON') })).toEqual(['newChore']);
    expect(typed(['c'], { target: element('A') })).toEqual(['newChore']);
    expect(typed(['c'], { target: null })).toEqual(['newChore']);
  });
});

describe('isTypingTarget', () => {
  it('is false for the page and for things that are not elements', () => {
    expect(isTypingTarget(body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget({} as EventTarget)).toBe(false);
  });
});

describe('SHORTCUTS', () => {
  it('names every action in English, with distinct keys', () => {
    expect(
      SHORTCUTS.map((s) => `${translate('en', s.label)}: ${s.sequences.map((q) => q.join(' ')).join(' | ')}`),
    ).toEqual(['New expense: n e | e', 'New chore: c', 'Search: /', 'Show keyboard shortcuts: ?']);
    const all = SHORTCUTS.flatMap((s) => s.sequences.map((q) => q.join(' ')));
    expect(new Set(all).size).toBe(all.length);
  });

  it('opens the create screens', () => {
    expect(SHORTCUT_PATHS).toEqual({ newExpense: '/add-expense', newChore: '/add-chore' });
  });
});
