import { z } from 'zod';

/** Every validation message a user can see (SPEC §5). Forms and routes share these words. */
export const messages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 200 characters',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  confirmRequired: 'Please confirm your password',
  passwordsDontMatch: "Passwords don't match",
  nameTooLong: 'Names must be at most 50 characters',
  nameInvalid: 'Names must not contain control characters',
  imageRequired: 'Please select an image file',
  imageTooLarge: 'Image must be smaller than 5MB',
  profileColorInvalid:
    'Profile colour must be one of blue, emerald, purple, orange, indigo, green, pink, teal',
} as const;

const knownMessages = new Set<string>(Object.values(messages));

/** Each feature's message list joins the known ones, so the API answers them word for word. */
export function registerMessages<T extends Record<string, string>>(list: T): T {
  for (const message of Object.values(list)) knownMessages.add(message);
  return list;
}

/** True when a message is one of ours, i.e. already names its field in plain words. */
export function isKnownMessage(message: string): boolean {
  return knownMessages.has(message);
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 50;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

// Deliberately loose: one @, something on each side, a dot in the domain, no spaces.
const EMAIL_PATTERN = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;
const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

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

/** PATCH /api/auth/user: first name required after trim, last name optional (SPEC §5). */
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

/** Profile photo checks the browser can make before upload (the server checks the content). */
export function checkProfilePhoto(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return messages.imageRequired;
  if (file.size >= IMAGE_MAX_BYTES) return messages.imageTooLarge;
  return null;
}
