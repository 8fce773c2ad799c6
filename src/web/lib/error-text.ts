/**
 * Error words in the member's language (docs/i18n.md, Errors). The API answers a code with its
 * params beside the English message, and our form sentences are registered under the same codes
 * (src/shared/validation-rules.ts): each code has a message `errors.<code in camelCase>` in the
 * `errors` catalogue, whose English is the server's own words. English screens show the English
 * as it came, so the `errors` English need not ship; a code the active catalogue lacks (one added
 * since) shows its English too.
 */
import { API_ERRORS, type ApiErrorParams, placeholdersOf } from '#shared/api-errors.ts';
import { extractErrorMessage, GENERIC_ERROR, OFFLINE_ERROR, UNREACHABLE_ERROR } from '#shared/errors.ts';
import { codeOfMessage, paramsOfMessage } from '#shared/validation-rules.ts';
import { ApiError, NetworkError } from './api.ts';
import { i18n, type MessageId, useT } from './i18n.tsx';

type Translate = (id: MessageId, values?: Record<string, unknown>) => string;

/** The catalogue id of an error code: `validation.too_long` → `errors.validation.tooLong`. */
export function errorMessageId(code: string): MessageId {
  return `errors.${code.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())}` as MessageId;
}

/** The words the frame says itself, whatever the server says. */
const FRAME: Record<string, MessageId> = {
  [GENERIC_ERROR]: 'common.error.generic',
  [UNREACHABLE_ERROR]: 'common.error.unreachable',
  [OFFLINE_ERROR]: 'common.error.offline',
};

interface Coded {
  code: string;
  params: ApiErrorParams | undefined;
}

// A field's name is one word ('title', 'splits.0.amount'); other values may be sentences.
const WORD_PLACEHOLDERS = new Set(['field', 'other', 'method', 'path']);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
let templates: { code: string; pattern: RegExp; names: string[]; numbers: Set<string> }[] | undefined;

/** The code (and params) of an English sentence of API_ERRORS, read back from its words. */
function codeOfEnglish(text: string): Coded | undefined {
  templates ??= Object.entries(API_ERRORS)
    // A message of placeholders only ('{reason}') would match any text.
    .filter(([, template]) => template.replace(/\{[^}]*\}/g, '').trim() !== '')
    .map(([code, template]) => {
      const names = placeholdersOf(template);
      const numbers = new Set([...template.matchAll(/\{\s*(\w+)\s*,\s*number\s*\}/g)].map((m) => m[1]!));
      const source = template
        .split(/\{[^}]*\}/)
        .map(escapeRegExp)
        .reduce((pattern, piece, i) => {
          const name = names[i - 1]!;
          return `${pattern}${WORD_PLACEHOLDERS.has(name) ? '(\\S+?)' : '(.+?)'}${piece}`;
        });
      return { code, pattern: new RegExp(`^${source}$`), names, numbers };
    });
  for (const { code, pattern, names, numbers } of templates) {
    const match = pattern.exec(text);
    if (!match) continue;
    const params: ApiErrorParams = {};
    names.forEach((name, i) => {
      const value = match[i + 1]!;
      const number = Number(value.replace(/,/g, ''));
      params[name] = numbers.has(name) && Number.isFinite(number) ? number : value;
    });
    return { code, params };
  }
  return undefined;
}

/** The code of an English error text: one of our registered sentences, else a message of API_ERRORS. */
function codeOfText(text: string): Coded | undefined {
  const registered = codeOfMessage(text);
  if (registered) return { code: registered, params: paramsOfMessage(text) };
  return codeOfEnglish(text);
}

function inLanguage(coded: Coded | undefined, english: string, t: Translate): string {
  const frame = FRAME[english];
  if (frame) return t(frame);
  if (!coded) return english;
  const id = errorMessageId(coded.code);
  // English shows the server's words; a catalogue without the id (a newer code) shows them too.
  if (i18n.messages[id] === undefined) return english;
  return t(id, coded.params);
}

/**
 * What to show for a failure, in the active language: an ApiError by its code and params, a
 * NetworkError, or an error's (or a form's) English text; text that is none of ours comes back
 * as it is, and nothing at all as the generic sentence.
 */
export function errorText(error: unknown, t: Translate): string {
  if (error instanceof NetworkError) return t('common.error.unreachable');
  if (error instanceof ApiError) {
    const english = extractErrorMessage(error.message) || GENERIC_ERROR;
    const coded = error.code ? { code: error.code, params: error.params } : codeOfText(english);
    return inLanguage(coded, english, t);
  }
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const english = extractErrorMessage(raw) || GENERIC_ERROR;
  return inLanguage(codeOfText(english), english, t);
}

/** errorText with the active language's translate function; re-renders when the language changes. */
export function useErrorText(): (error: unknown) => string {
  const t = useT();
  return (error) => errorText(error, t);
}
