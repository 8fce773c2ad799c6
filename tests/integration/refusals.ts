import { expect } from 'vitest';
import { API_ERRORS, type ApiErrorCode } from '#shared/api-errors.ts';
import { codeOfMessage } from '#shared/validation.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
// The table's sentences as patterns, the most words first; one that is only a placeholder
// ('{reason}') would match anything.
const patterns = (Object.keys(API_ERRORS) as ApiErrorCode[])
  .filter((code) => !code.startsWith('validation.'))
  .map((code) => ({ code, words: API_ERRORS[code].split(/\{[^}]+\}/) }))
  .filter(({ words }) => words.join('').trim() !== '')
  .sort((a, b) => b.words.join('').length - a.words.join('').length)
  .map(({ code, words }) => ({ code, pattern: new RegExp(`^${words.map(escapeRegExp).join('.+')}$`) }));

/**
 * The code an answer with these words carries: the code a field sentence is registered with, the
 * code of the table whose words these are, else (a Zod sentence) some validation.* code.
 */
function expectedCode(message: string): unknown {
  return (
    codeOfMessage(message) ??
    patterns.find(({ pattern }) => pattern.test(message))?.code ??
    expect.stringMatching(/^validation\.[a-z_]+$/)
  );
}

/**
 * Checks a 400 body in a table of cases exactly: these words, the code that goes with them, and
 * nothing else but params naming the field (docs/client.md, Errors).
 */
export function expectRefusal(body: unknown, message: string): void {
  const { params, ...rest } = body as { params?: Record<string, unknown> };
  expect(rest).toEqual({ message, code: expectedCode(message) });
  if (params !== undefined) expect(params).toEqual(expect.objectContaining({ field: expect.any(String) }));
}

/** Checks that a body is an error answer and nothing more: words, a code, perhaps params. */
export function expectErrorAnswer(body: unknown): void {
  const { params, ...rest } = body as { params?: unknown };
  expect(rest).toEqual({
    message: expect.any(String),
    code: expect.stringMatching(/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/),
  });
  if (params !== undefined) expect(params).toEqual(expect.any(Object));
}
