import { onlineManager, QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api.ts';

/** Reads stay fresh 5 minutes, no interval or focus refetch, no retries (docs/client.md, Caching). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: 5 * 60 * 1000,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      // Offline, a change fails at once and says so (OFFLINE_ERROR) rather than waiting unseen;
      // the chat's sends, which wait in an outbox, say otherwise.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();

// The query library assumes online until an 'offline' event: a page opened offline would then
// ask the server for everything and show the failures rather than what the device kept.
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
