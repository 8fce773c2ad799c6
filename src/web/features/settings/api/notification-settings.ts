import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettingsView } from '#shared/push/api.ts';
import type { NotificationSettings } from '#shared/push/notifications.ts';
import { apiJson } from '../../../lib/api.ts';

export type { NotificationSettings, NotificationSettingsView };

export const notificationSettingsQueryKey = ['/api/notification-settings'] as const;

export function getNotificationSettings(): Promise<NotificationSettingsView> {
  return apiJson<NotificationSettingsView>('GET', '/api/notification-settings');
}

export const notificationSettingsQuery = queryOptions({
  queryKey: notificationSettingsQueryKey,
  queryFn: getNotificationSettings,
});

export function useNotificationSettings(options: { enabled?: boolean } = {}) {
  return useQuery({ ...notificationSettingsQuery, enabled: options.enabled ?? true });
}

export function saveNotificationSettings(settings: NotificationSettings): Promise<NotificationSettingsView> {
  const { enabled, types, quietHours, timeZone, email } = settings;
  return apiJson<NotificationSettingsView>('PUT', '/api/notification-settings', {
    enabled,
    types,
    quietHours,
    timeZone,
    email,
  });
}

/** Saves the whole settings object (the PUT takes every field); the cache shows the change at once. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: notificationSettingsQueryKey });
      const previous = queryClient.getQueryData<NotificationSettingsView>(notificationSettingsQueryKey);
      queryClient.setQueryData(notificationSettingsQueryKey, {
        ...next,
        undeliverable: previous?.undeliverable ?? null,
      });
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(notificationSettingsQueryKey, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsQueryKey, saved),
  });
}

/** POST /api/push/test: the number of devices the test push went to; 404 when there are none. */
export function sendTestPush(): Promise<{ sent: number }> {
  return apiJson<{ sent: number }>('POST', '/api/push/test');
}
