import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  API_ERRORS,
  type ApiErrorCode,
  apiError,
  formatApiError,
  isApiErrorCode,
  placeholdersOf,
} from './api-errors.ts';
import { CAPS } from './caps.ts';
import { issueError, messages, paramsOfMessage, registeredSentences, sharedMessages } from './validation.ts';

// Every shared module, so that every list of field sentences has registered its codes.
import.meta.glob(['./**/*.ts', '!./**/*.test.ts', '!./i18n/**'], { eager: true });

const CODE = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/;
const codes = Object.keys(API_ERRORS) as ApiErrorCode[];

const root = path.resolve(import.meta.dirname, '..');
const sources = ['server', 'shared'].flatMap((dir) =>
  (fs.readdirSync(path.join(root, dir), { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => ({ file: `${dir}/${file}`, text: fs.readFileSync(path.join(root, dir, file), 'utf8') })),
);

/** The text of a balanced `{...}` starting at `start`, strings and templates skipped over. */
function balanced(text: string, start: number): string {
  let depth = 0;
  let quote: string | null = null;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') {
      depth--;
      if (depth === 0) return text.slice(start + 1, i);
    }
  }
  throw new Error(`unbalanced object at ${start}`);
}

/** The keys of an object literal's text: `a: 1, b` → ['a', 'b']. */
function keysOf(body: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let part = '';
  const flush = () => {
    const key = /^\s*([A-Za-z_$][\w$]*)\s*(?::|$)/.exec(part)?.[1];
    if (key) keys.push(key);
    part = '';
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quote) {
      if (c === '\\') part += body[i++];
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if ('{(['.includes(c)) depth++;
    else if ('})]'.includes(c)) depth--;
    else if (c === ',' && depth === 0) {
      flush();
      continue;
    }
    part += c;
  }
  flush();
  return keys;
}

/** Every call that names a code of the table as a literal, with the keys of the params it passes. */
const CALL =
  /\b(?:badRequest|unauthorized|forbidden|notFound|conflict|tooLarge|apiError|knownApiError|errorBody|SplitwiseFileError)\(\s*(?:[^()]*\?\s*)?'([a-z_]+(?:\.[a-z0-9_]+)+)'(?:\s*:\s*'([a-z_]+(?:\.[a-z0-9_]+)+)')?\s*(,\s*\{)?/g;
const calls = sources.flatMap(({ file, text }) =>
  [...text.matchAll(CALL)].flatMap((match) => {
    const params = match[3] ? keysOf(balanced(text, match.index + match[0].length - 1)) : [];
    return [match[1]!, match[2]]
      .filter((code): code is string => code !== undefined)
      .map((code) => ({ file, code, params }));
  }),
);

describe('the table of error codes', () => {
  it('has codes that are lowercase, dotted and snake_case', () => {
    for (const code of codes) expect(code).toMatch(CODE);
  });

  it('writes placeholders only as {name} or {name, number}, and no other braces', () => {
    for (const code of codes) {
      const template = API_ERRORS[code];
      const rest = template.replace(/\{[a-z][A-Za-z0-9]*(, number)?\}/g, '');
      expect(rest, code).not.toMatch(/[{}]/);
    }
  });

  it('fills every placeholder it is given', () => {
    for (const code of codes) {
      const params = Object.fromEntries(placeholdersOf(API_ERRORS[code]).map((name) => [name, 1234]));
      expect(formatApiError(API_ERRORS[code], params), code).not.toMatch(/[{}]/);
    }
  });

  it('writes the words the API has always answered', () => {
    expect(apiError('cap.events_per_household', { max: CAPS.eventsPerHousehold.max }).message).toBe(
      'A household can keep at most 5,000 calendar events; delete some past ones first',
    );
    expect(apiError('import.too_many_rows', { max: 5000 }).message).toBe(
      'The file has too many rows (the limit is 5,000)',
    );
    expect(apiError('import.value_too_long', { row: 12345, max: 10000 }).message).toBe(
      'Row 12345 has a value longer than 10,000 characters',
    );
    expect(apiError('http.no_such_endpoint', { method: 'GET', path: '/api/nope' })).toEqual({
      message: 'No such endpoint: GET /api/nope',
      code: 'http.no_such_endpoint',
      params: { method: 'GET', path: '/api/nope' },
    });
    expect(apiError('auth.not_signed_in')).toEqual({ message: 'Not signed in', code: 'auth.not_signed_in' });
    expect(apiError('image.field_required', { field: 'photo' }).message).toBe(
      `photo: ${messages.imageRequired}`,
    );
  });

  it('answers a field sentence word for word with the code it was registered with', () => {
    expect(apiError(messages.passwordTooShort)).toEqual({
      message: 'Password must be at least 8 characters',
      code: 'account.password_too_short',
    });
  });
});

describe('the call sites', () => {
  it('are found in the server (so the checks below check something)', () => {
    expect(calls.length).toBeGreaterThan(80);
  });

  it('name only codes of the table and pass exactly the placeholders of their messages', () => {
    for (const { file, code, params } of calls) {
      expect(isApiErrorCode(code), `${file}: ${code}`).toBe(true);
      if (!isApiErrorCode(code)) continue;
      expect(params.sort(), `${file}: ${code}`).toEqual(placeholdersOf(API_ERRORS[code]).sort());
    }
  });

  it('use every code of the table', () => {
    const elsewhere = sources
      .filter(({ file }) => file !== 'shared/api-errors.ts')
      .map(({ text }) => text)
      .join('\n');
    expect(codes.filter((code) => !elsewhere.includes(`'${code}'`))).toEqual([]);
  });
});

describe('the registered field sentences', () => {
  const registered = registeredSentences();

  it('have codes of the same form, none of which is also a code of the table with other words', () => {
    for (const { code, message } of registered) {
      expect(code).toMatch(CODE);
      if (isApiErrorCode(code)) {
        // Only knownApiError registers a table code: its words are the table's, filled in.
        const pattern = API_ERRORS[code]
          .split(/\{[^}]+\}/)
          .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
          .join('.+');
        expect(message, code).toMatch(new RegExp(`^${pattern}$`));
      }
    }
  });

  it('give each code one sentence, but for its params (the amount rules per currency)', () => {
    const byCode = new Map<string, Set<string>>();
    for (const { code, message } of registered) {
      if (isApiErrorCode(code) || paramsOfMessage(message)) continue;
      byCode.set(code, (byCode.get(code) ?? new Set()).add(message));
    }
    for (const [code, sentences] of byCode) expect([...sentences], code).toHaveLength(1);
  });

  it('answer one code per sentence: one said by several features is registered first in the shared lists', () => {
    const byMessage = new Map<string, string[]>();
    for (const { code, message } of registered)
      byMessage.set(message, [...(byMessage.get(message) ?? []), code]);
    for (const [message, found] of byMessage) {
      if (new Set(found).size > 1) expect(found[0], message).toMatch(/^(account|field)\./);
    }
    expect(byMessage.get(sharedMessages.titleRequired)?.[0]).toBe('field.title_required');
  });
});

describe('issueError', () => {
  const first = (schema: z.ZodType, input: unknown) => {
    const result = schema.safeParse(input, { reportInput: true });
    if (result.success) throw new Error('expected a refusal');
    return issueError(result.error.issues[0]!);
  };
  const kinds = z.object({
    text: z.string().max(3).optional(),
    short: z.string().min(2).optional(),
    list: z.array(z.number()).max(1).optional(),
    few: z.array(z.number()).min(1).optional(),
    count: z.number().max(10).optional(),
    small: z.number().min(1).optional(),
    choice: z.enum(['a', 'b']).optional(),
    date: z.iso.date().optional(),
    step: z.number().multipleOf(5).optional(),
    needed: z.string(),
    custom: z
      .string()
      .refine(() => false)
      .optional(),
  });
  const valid = { needed: 'x' };

  it.each([
    [{ text: 'abcd' }, 'validation.too_long', { field: 'text', max: 3 }],
    [{ short: 'a' }, 'validation.too_short', { field: 'short', min: 2 }],
    [{ list: [1, 2] }, 'validation.too_many', { field: 'list', max: 1 }],
    [{ few: [] }, 'validation.too_few', { field: 'few', min: 1 }],
    [{ count: 11 }, 'validation.too_large', { field: 'count', max: 10 }],
    [{ small: 0 }, 'validation.too_small', { field: 'small', min: 1 }],
    [{ choice: 'c' }, 'validation.invalid_option', { field: 'choice', options: 'a, b' }],
    [{ date: 'soon' }, 'validation.invalid_format', { field: 'date', format: 'date' }],
    [{ step: 3 }, 'validation.not_multiple_of', { field: 'step', divisor: 5 }],
    [{ needed: undefined }, 'validation.required', { field: 'needed' }],
    [{ needed: 5 }, 'validation.invalid_type', { field: 'needed', expected: 'string' }],
    [{ custom: 'x' }, 'validation.invalid', { field: 'custom' }],
  ])('%o → %s with the params its message needs', (input, code, params) => {
    const body = first(kinds, { ...valid, ...input });
    expect(body.code).toBe(code);
    expect(body.params).toEqual(params);
    for (const name of placeholdersOf(API_ERRORS[code as ApiErrorCode]))
      expect(body.params).toHaveProperty(name);
  });

  it('keeps the message describeIssue gives, e.g. a Zod sentence after the field', () => {
    expect(first(kinds, { ...valid, text: 'abcd' }).message).toBe(
      'text: Too big: expected string to have <=3 characters',
    );
  });

  it('answers our sentences with their own code, and names the field', () => {
    expect(
      first(z.object({ title: z.string().min(1, sharedMessages.titleRequired) }), { title: '' }),
    ).toEqual({
      message: 'Title is required',
      code: 'field.title_required',
      params: { field: 'title', min: 1 },
    });
  });

  it('gives a problem of the whole body a code that needs no field', () => {
    expect(first(z.object({}), 'text')).toMatchObject({ code: 'validation.invalid_input' });
    expect(first(z.strictObject({}), { extra: 1 })).toEqual({
      message: 'Unrecognized key: "extra"',
      code: 'validation.unrecognized_keys',
      params: { keys: 'extra' },
    });
  });
});
