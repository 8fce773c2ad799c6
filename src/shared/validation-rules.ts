// The words and limits every form and route share, and the checks that need no schema: no
// validation code (Zod) here, so the screens without forms can use them. The schemas are in
// validation.ts.

/**
 * Every validation message a user can see (docs/accounts.md, Validation messages). Forms and routes
 * share these words.
 */
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

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Profile photo checks the browser can make before upload (the server checks the content). */
export function checkProfilePhoto(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return messages.imageRequired;
  if (file.size >= IMAGE_MAX_BYTES) return messages.imageTooLarge;
  return null;
}
