// The words and limits every form and route share, and the checks that need no schema: no
// validation code (Zod) here, so the screens without forms can use them. The schemas are in
// validation.ts.

/** A sentence's code, and the values its words were made with (knownApiError in api-errors.ts). */
interface Known {
  code: string | null;
  params: Record<string, string | number> | undefined;
}
/** Our own sentences, each with the stable code the API answers beside it (docs/client.md, Errors). */
const knownMessages = new Map<string, Known>();
/** Every sentence registered under a code, in order: the error-code tests read it. */
const registrations: { code: string; message: string }[] = [];

declare const registered: unique symbol;
/**
 * One of our registered sentences: a plain string, marked so that the server's error helpers take
 * it beside the codes of src/shared/api-errors.ts.
 */
export type FieldSentence = string & { readonly [registered]: true };

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Records a sentence as ours; the first code given for a sentence is the one the API answers. */
export function registerSentence(
  message: string,
  code: string | null,
  params?: Record<string, string | number>,
): void {
  if (code !== null) registrations.push({ code, message });
  if (!knownMessages.get(message)?.code) knownMessages.set(message, { code, params });
}

/**
 * Each feature's message list joins the known ones, so the API answers them word for word, with
 * the code `namespace.key_in_snake_case` (`registerMessages('chore', { titleTooLong })` answers
 * `chore.title_too_long`). A sentence registered twice keeps its first code: shared sentences
 * live in the lists below, which register before any other. Without a namespace a sentence is
 * known but has no code of its own (the API names the kind of problem instead).
 */
export function registerMessages<T extends Record<string, string>>(
  namespace: string,
  list: T,
): { readonly [K in keyof T]: T[K] & FieldSentence };
export function registerMessages<T extends Record<string, string>>(
  list: T,
): { readonly [K in keyof T]: T[K] & FieldSentence };
export function registerMessages(
  first: string | Record<string, string>,
  second?: Record<string, string>,
): Record<string, string> {
  const [namespace, list] = typeof first === 'string' ? [first, second ?? {}] : [null, first];
  for (const [key, message] of Object.entries(list)) {
    registerSentence(message, namespace === null ? null : `${namespace}.${snake(key)}`);
  }
  return list;
}

/** True when a message is one of ours, i.e. already names its field in plain words. */
export function isKnownMessage(message: string): boolean {
  return knownMessages.has(message);
}

/** The code the API answers with one of our sentences, if it has one. */
export function codeOfMessage(message: string): string | undefined {
  return knownMessages.get(message)?.code ?? undefined;
}

/** The values a sentence of the table was made with, for the answer's params. */
export function paramsOfMessage(message: string): Record<string, string | number> | undefined {
  return knownMessages.get(message)?.params;
}

/** Every sentence registered with a code so far (the modules that register must be loaded). */
export function registeredSentences(): readonly { code: string; message: string }[] {
  return registrations;
}

/**
 * Every validation message a user can see (docs/accounts.md, Validation messages). Forms and routes
 * share these words.
 */
export const messages = registerMessages('account', {
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
  passwordIncorrect: 'Password is incorrect',
} as const);

/**
 * Sentences several features say alike, registered here first so that each answers one code
 * (`field.title_required`) whichever feature's schema refused the input.
 */
export const sharedMessages = registerMessages('field', {
  titleRequired: 'Title is required',
  periodInvalid: 'period must be week, month or all',
  nothingToChange: 'Send at least one field to change',
  currencyInvalid: 'Currency must be an ISO 4217 code such as USD, EUR or JPY',
} as const);

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 50;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The checks the browser can make on a photo before uploading it (the server checks the content). */
export function checkImageFile(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return messages.imageRequired;
  if (file.size >= IMAGE_MAX_BYTES) return messages.imageTooLarge;
  return null;
}
