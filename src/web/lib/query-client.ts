import { QueryClient } from '@tanstack/react-query';
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
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
