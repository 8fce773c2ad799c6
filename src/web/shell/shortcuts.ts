import { useEffect, useRef } from 'react';
import type { MessageId } from '#shared/i18n/compiled/en.ts';

export type ShortcutAction = 'newExpense' | 'newChore' | 'search' | 'help';

/**
 * The keyboard shortcuts (docs/screens.md, Keyboard shortcuts): each action with the key sequences
 * that run it. The key handler and the `?` dialog both read this list.
 */
export const SHORTCUTS = [
  { action: 'newExpense', label: 'shell.shortcuts.newExpense', sequences: [['n', 'e'], ['e']] },
  { action: 'newChore', label: 'shell.shortcuts.newChore', sequences: [['c']] },
  { action: 'search', label: 'shell.shortcuts.search', sequences: [['/']] },
  { action: 'help', label: 'shell.shortcuts.help', sequences: [['?']] },
] as const satisfies readonly {
  action: ShortcutAction;
  label: MessageId;
  sequences: readonly (readonly string[])[];
}[];

/** Where the routes of the actions that open a screen lead. */
export const SHORTCUT_PATHS = { newExpense: '/add-expense', newChore: '/add-chore' } as const;

/** The part of a keydown event the rules read. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat?: boolean;
  defaultPrevented?: boolean;
  target: EventTarget | null;
}

const TEXTLESS_INPUTS = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

/** What the rules read of the element a key goes to (read by shape, so tests need no DOM). */
interface TargetLike {
  tagName?: unknown;
  type?: unknown;
  isContentEditable?: unknown;
  closest?: (selector: string) => unknown;
}

/**
 * True when keys go to text being written (a text field, a select, anything contenteditable) or
 * to an open dialog: shortcuts stay out of the way there.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  const element = target as TargetLike | null;
  if (!element || typeof element.tagName !== 'string') return false;
  if (element.closest?.('dialog, [role="dialog"], [role="alertdialog"]')) return true;
  const tag = element.tagName.toUpperCase();
  if (tag === 'INPUT') return !TEXTLESS_INPUTS.has(String(element.type ?? 'text').toLowerCase());
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return element.isContentEditable === true;
}

/**
 * What a key press does, given the keys pressed before it that may begin a sequence (`pending`):
 * the action it completes, if any, and the keys now pending. Keys with Ctrl, Cmd or Alt, repeats
 * and keys typed into text are never shortcuts (Shift is, as `?` needs it on most layouts).
 */
export function matchShortcut(
  press: KeyPress,
  pending: readonly string[],
): { action: ShortcutAction | null; pending: string[] } {
  const none = { action: null, pending: [] };
  if (press.ctrlKey || press.metaKey || press.altKey || press.repeat || press.defaultPrevented) return none;
  if (isTypingTarget(press.target)) return none;
  for (const typed of [[...pending, press.key], [press.key]]) {
    const done = SHORTCUTS.find((s) => s.sequences.some((seq) => sameKeys(seq, typed)));
    if (done) return { action: done.action, pending: [] };
    const begun = SHORTCUTS.some((s) =>
      s.sequences.some((seq) => seq.length > typed.length && startsWith(seq, typed)),
    );
    if (begun) return { action: null, pending: typed };
  }
  return none;
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && startsWith(a, b);
}

function startsWith(sequence: readonly string[], keys: readonly string[]): boolean {
  return keys.every((key, i) => sequence[i] === key);
}

/** How long the first key of a sequence (`n` of `n e`) waits for the next. */
const SEQUENCE_MS = 1500;

/** Runs `onAction` for the shortcuts typed on the page while `enabled`. */
export function useShortcuts(enabled: boolean, onAction: (action: ShortcutAction) => void): void {
  const latest = useRef(onAction);
  latest.current = onAction;
  useEffect(() => {
    if (!enabled) return;
    let pending: string[] = [];
    let timer: number | undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      const next = matchShortcut(event, pending);
      pending = next.pending;
      window.clearTimeout(timer);
      if (pending.length > 0)
        timer = window.setTimeout(() => {
          pending = [];
        }, SEQUENCE_MS);
      if (!next.action) return;
      // The key is not typed anywhere: `/` would otherwise land in the search field it opens.
      event.preventDefault();
      latest.current(next.action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      window.clearTimeout(timer);
    };
  }, [enabled]);
}
