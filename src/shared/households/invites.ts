import { extractErrorMessage } from '../errors.ts';

/** Invite codes: 8 characters from A-Z and 0-9 without the look-alikes 0/O, 1/I/L. */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;

/** Builds a code from a source of random integers in [0, n). */
export function generateInviteCode(randomInt: (n: number) => number): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++)
    code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  return code;
}

/**
 * A code as typed or pasted, before any rule of length: without spaces or dashes anywhere (a
 * code pasted with a space, or written 'ABCD-2345') and upper-cased, as people type codes in any case.
 */
export function normalizeInviteCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

export const JOIN_ERROR_TITLE = 'Unable to Join Household';

/**
 * The detail of the 'Unable to Join Household' card for a failed join (docs/households.md, Creating
 * and joining).
 */
export function joinErrorDetail(raw: string | null | undefined): string {
  const text = extractErrorMessage(raw ?? '');
  if (text.includes('Invalid')) return 'Invite code not found. Please check the code and try again.';
  if (text.includes('already a member')) return "You're already a member of this household.";
  if (text.includes('already in a household'))
    return "You're already in a household. Leave it before joining another.";
  return 'Unable to join household. Please try again.';
}

/**
 * What the join field keeps while someone types or pastes: the code normalised, then at most 8
 * characters (docs/households.md, Creating and joining).
 */
export function inviteCodeInput(typed: string): string {
  return normalizeInviteCode(typed).slice(0, INVITE_CODE_LENGTH);
}

/** The join form submits only an exactly 8-character code (after trimming). */
export function canSubmitInviteCode(value: string): boolean {
  return normalizeInviteCode(value).length === INVITE_CODE_LENGTH;
}

const codePattern = new RegExp(`^[${INVITE_CODE_ALPHABET}]{${INVITE_CODE_LENGTH}}$`);

/** The code of an invite link path segment, or null when it cannot be an invite code. */
export function inviteCodeFromLink(segment: string | null | undefined): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment ?? '');
  } catch {
    return null;
  }
  const code = normalizeInviteCode(decoded);
  return codePattern.test(code) ? code : null;
}

/** The query parameter of an invite link that came by e-mail: `/join/{code}?invite={token}`. */
export const INVITE_TOKEN_PARAM = 'invite';

export function inviteLinkPath(code: string): string {
  return `/join/${encodeURIComponent(code)}`;
}

/** The link Settings shares: `${origin}/join/{code}`. */
export function inviteLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}${inviteLinkPath(code)}`;
}

/**
 * A path kept across sign-in may only lead back into this app: an absolute path on the same
 * origin, never a protocol-relative '//host' or a backslash trick that browsers read as one.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//')) return null;
  if (/[\\\p{Cc}\s]/u.test(value)) return null;
  return value;
}
