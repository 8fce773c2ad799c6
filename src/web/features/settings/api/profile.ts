import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '#shared/accounts/api.ts';
import type { ProfileColor } from '#shared/accounts/users.ts';
import type { UpdateNamesInput } from '#shared/validation.ts';
import { apiJson } from '../../../lib/api.ts';
import { authUserQueryKey, userQueryKey } from '../../auth/api/get-user.ts';
import { currentHouseholdQueryKey } from '../../households/api/get-household.ts';

export function uploadProfileImage(file: File): Promise<PublicUser> {
  const body = new FormData();
  body.append('profileImage', file);
  return apiJson<PublicUser>('POST', '/api/user/profile-image', body);
}

export function deleteProfileImage(): Promise<void> {
  return apiJson<void>('DELETE', '/api/user/profile-image');
}

export function updateProfileColor(profileColor: ProfileColor): Promise<PublicUser> {
  return apiJson<PublicUser>('PATCH', '/api/user', { profileColor });
}

export function updateNames(input: UpdateNamesInput): Promise<PublicUser> {
  return apiJson<PublicUser>('PATCH', '/api/auth/user', input);
}

/** After an avatar change every cache that shows the user's avatar refreshes (docs/client.md, Caching). */
function refreshAvatarCaches(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [userQueryKey, currentHouseholdQueryKey, authUserQueryKey].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      return refreshAvatarCaches(queryClient);
    },
  });
}

export function useDeleteProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProfileImage,
    onSuccess: () => refreshAvatarCaches(queryClient),
  });
}

/** Colour refetch delay after a change (docs/client.md, Caching). */
const COLOR_REFETCH_MS = 2_000;

export function useUpdateProfileColor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfileColor,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      window.setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: userQueryKey });
      }, COLOR_REFETCH_MS);
    },
  });
}

export function useUpdateNames() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNames,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: userQueryKey }),
        queryClient.invalidateQueries({ queryKey: authUserQueryKey }),
      ]);
    },
  });
}
