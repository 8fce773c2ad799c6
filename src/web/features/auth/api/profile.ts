// The account's own profile requests: sign-up sends the photo and colour with them, and the
// settings screen wraps them in hooks that refresh what shows the avatar.
import type { CurrentUser, PublicUser } from '#shared/accounts/api.ts';
import type { ProfileColor } from '#shared/accounts/users.ts';
import type { Language } from '#shared/i18n/languages.ts';
import type { UpdateNamesInput } from '#shared/validation.ts';
import { apiJson } from '../../../lib/api.ts';

export function uploadProfileImage(file: File): Promise<PublicUser> {
  const body = new FormData();
  body.append('profileImage', file);
  return apiJson<PublicUser>('POST', '/api/user/profile-image', body);
}

export function deleteProfileImage(): Promise<void> {
  return apiJson<void>('DELETE', '/api/user/profile-image');
}

export function updateProfileColor(profileColor: ProfileColor): Promise<CurrentUser> {
  return apiJson<CurrentUser>('PATCH', '/api/user', { profileColor });
}

/** The member's language; null follows the browser's. */
export function updateLanguage(language: Language | null): Promise<CurrentUser> {
  return apiJson<CurrentUser>('PATCH', '/api/user', { language });
}

export function updateNames(input: UpdateNamesInput): Promise<PublicUser> {
  return apiJson<PublicUser>('PATCH', '/api/auth/user', input);
}
