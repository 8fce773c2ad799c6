import { useMutation } from '@tanstack/react-query';
import type { PublicUser } from '#shared/accounts/api.ts';
import { DEFAULT_PROFILE_COLOR, type ProfileColor } from '#shared/accounts/users.ts';
import type { RegisterInput } from '#shared/validation.ts';
import { apiJson } from '../../../lib/api.ts';
import { updateProfileColor, uploadProfileImage } from './profile.ts';

export interface RegisterRequest {
  account: RegisterInput;
  photo: File | null;
  profileColor: ProfileColor;
}

/**
 * POST /api/register, then the optional photo and colour chosen on the form. Those two are extras:
 * when either fails the account still exists, so the failure is only logged.
 */
export async function register({ account, photo, profileColor }: RegisterRequest): Promise<PublicUser> {
  let user = await apiJson<PublicUser>('POST', '/api/register', account);
  if (photo) {
    try {
      user = await uploadProfileImage(photo);
    } catch (error) {
      console.warn('Profile photo upload after sign-up failed', error);
    }
  }
  if (profileColor !== DEFAULT_PROFILE_COLOR) {
    try {
      user = await updateProfileColor(profileColor);
    } catch (error) {
      console.warn('Profile colour update after sign-up failed', error);
    }
  }
  return user;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
