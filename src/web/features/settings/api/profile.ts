import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  authUserQueryKey,
  deleteProfileImage,
  updateLanguage,
  updateNames,
  updateProfileColor,
  uploadProfileImage,
  userQueryKey,
} from '../../auth/index.ts';
import { currentHouseholdQueryKey } from '../../households/index.ts';

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

/** The answer names the saved language: the app follows it (src/web/lib/i18n.tsx, useFollowLanguage). */
export function useUpdateLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLanguage,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      return queryClient.invalidateQueries({ queryKey: authUserQueryKey });
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
