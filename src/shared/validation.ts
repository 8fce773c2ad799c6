import { z } from 'zod';
import { PROFILE_COLORS } from './accounts/users.ts';
import type { ApiErrorBody, ApiErrorCode, ApiErrorParams } from './api-errors.ts';
import { isDateInWindow, isInstantInWindow, outOfWindow } from './time/window.ts';
import {
  codeOfMessage,
  isKnownMessage,
  messages,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  paramsOfMessage,
} from './validation-rules.ts';

// The messages, limits and plain checks live in validation-rules.ts (no Zod in it); this module
// adds the schemas and passes the rest on, so forms and routes keep one place to import from.
export * from './validation-rules.ts';

// Deliberately loose: one @, something on each side, a dot in the domain, no spaces.
const EMAIL_PATTERN = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;
const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;

const email = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.emailInvalid)
  .regex(EMAIL_PATTERN, messages.emailInvalid);

const loginPassword = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong);

const newPassword = loginPassword.min(PASSWORD_MIN_LENGTH, messages.passwordTooShort);

const firstName = z
  .string({ error: messages.firstNameRequired })
  .trim()
  .min(1, messages.firstNameRequired)
  .max(NAME_MAX_LENGTH, messages.nameTooLong)
  .regex(NO_CONTROL_CHARACTERS, messages.nameInvalid);

const lastName = z
  .string({ error: messages.lastNameRequired })
  .trim()
  .min(1, messages.lastNameRequired)
  .max(NAME_MAX_LENGTH, messages.nameTooLong)
  .regex(NO_CONTROL_CHARACTERS, messages.nameInvalid);

/** The e-mail and new-password fields, for the forms that ask for them again (accounts/passwords.ts). */
export { email as emailField, newPassword as newPasswordField };

export const loginSchema = z.object({ email, password: loginPassword });
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    email,
    password: newPassword,
    confirmPassword: z.string({ error: messages.confirmRequired }).min(1, messages.confirmRequired),
    firstName,
    lastName,
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type RegisterInput = z.infer<typeof registerSchema>;

/** PATCH /api/auth/user: first name required after trim, last name optional (docs/accounts.md, Profile). */
export const updateNamesSchema = z.object({
  firstName,
  lastName: z
    .string({ error: 'lastName must be text' })
    .trim()
    .max(NAME_MAX_LENGTH, messages.nameTooLong)
    .regex(NO_CONTROL_CHARACTERS, messages.nameInvalid)
    .optional()
    .default(''),
});
export type UpdateNamesInput = z.infer<typeof updateNamesSchema>;

/** PATCH /api/user: one of the eight profile colours. */
export const profileColorSchema = z.object({
  profileColor: z.enum(PROFILE_COLORS, { error: messages.profileColorInvalid }),
});

/** The first message per field, for forms that show one message under each input. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** One sentence for an API answer: our own messages as they are, others prefixed by the field. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.map(String).join('.');
  const leaf = String(issue.path[issue.path.length - 1] ?? '');
  // Our own sentences, and messages that already start with their field, stand as they are.
  if (isKnownMessage(issue.message) || !field || issue.message.startsWith(leaf)) return issue.message;
  return `${field}: ${issue.message}`;
}

const bound = (value: unknown) =>
  typeof value === 'number' ? value : typeof value === 'bigint' ? Number(value) : String(value);

/** The kind of problem Zod found, as a code of src/shared/api-errors.ts and the values it names. */
function issueKind(issue: z.core.$ZodIssue): { code: ApiErrorCode; params: ApiErrorParams } {
  switch (issue.code) {
    case 'invalid_type': {
      // parse() asks Zod to report the input, so a missing field is told from a wrong one.
      const missing =
        'input' in issue ? issue.input === undefined : /received undefined$/.test(issue.message);
      return missing
        ? { code: 'validation.required', params: {} }
        : { code: 'validation.invalid_type', params: { expected: issue.expected } };
    }
    case 'too_big': {
      const params = { max: bound(issue.maximum) };
      if (issue.origin === 'string') return { code: 'validation.too_long', params };
      if (issue.origin === 'array' || issue.origin === 'set' || issue.origin === 'map')
        return { code: 'validation.too_many', params };
      return { code: 'validation.too_large', params };
    }
    case 'too_small': {
      const params = { min: bound(issue.minimum) };
      if (issue.origin === 'string') return { code: 'validation.too_short', params };
      if (issue.origin === 'array' || issue.origin === 'set' || issue.origin === 'map')
        return { code: 'validation.too_few', params };
      return { code: 'validation.too_small', params };
    }
    case 'invalid_value':
      return { code: 'validation.invalid_option', params: { options: issue.values.map(String).join(', ') } };
    case 'invalid_format':
      return { code: 'validation.invalid_format', params: { format: issue.format } };
    case 'not_multiple_of':
      return { code: 'validation.not_multiple_of', params: { divisor: bound(issue.divisor) } };
    case 'unrecognized_keys':
      return { code: 'validation.unrecognized_keys', params: { keys: issue.keys.join(', ') } };
    default:
      return { code: 'validation.invalid', params: {} };
  }
}

/**
 * The error answer for a schema's refusal: describeIssue's sentence; the code of our sentence,
 * else of the kind of problem; and params with the field's path (`splits.0.amount`) and the
 * limit or the choices the problem names.
 */
export function issueError(issue: z.core.$ZodIssue): ApiErrorBody {
  const field = issue.path.map(String).join('.');
  const kind = issueKind(issue);
  // A sentence of the table made with knownApiError answers the values it was made with.
  const params: ApiErrorParams = {
    ...(field ? { field } : {}),
    ...kind.params,
    ...paramsOfMessage(issue.message),
  };
  // A problem of the whole body names no field: it answers the one code that needs none.
  const code =
    codeOfMessage(issue.message) ??
    (field || kind.code === 'validation.unrecognized_keys' ? kind.code : 'validation.invalid_input');
  const body: ApiErrorBody = { message: describeIssue(issue), code };
  if (Object.keys(params).length > 0) body.params = params;
  return body;
}

/**
 * A device's own id for what it sends (a payment, a chat message): the same id from the same
 * member again is the first request repeated (a double tap, a send retried after a lost answer).
 */
export const clientIdField = z.string().min(1).max(100);

// Every date and instant field of every schema is built here, so none can take an unbounded
// value (date-window.test.ts checks that no other module calls z.iso.date or z.iso.datetime).

/** A calendar day (YYYY-MM-DD) in the window; `invalid` is the message for a malformed value. */
export function windowDate(field: string, invalid: string) {
  return z.iso
    .date({ error: invalid })
    .refine((value) => isDateInWindow(value), { error: () => outOfWindow(field) });
}

/** An ISO date-time with an offset, in the window; `invalid` is the message for a malformed value. */
export function windowInstant(field: string, invalid: string) {
  return z.iso
    .datetime({ offset: true, error: invalid })
    .refine((value) => isInstantInWindow(value), { error: () => outOfWindow(field) });
}

/**
 * An instant as answers carry it (UTC, `…Z`). Only for answer schemas: what the server writes is
 * already in the window, and old rows may predate it.
 */
export const answerInstant = z.iso.datetime();

/** A calendar day (YYYY-MM-DD) as answers carry it; only for answer schemas, as answerInstant. */
export const answerDate = z.iso.date();
