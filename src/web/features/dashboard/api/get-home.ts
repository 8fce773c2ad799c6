import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeData } from '#shared/dashboard/api.ts';
import { homeReadPath } from '#shared/screens/screens.ts';
import { apiJson } from '../../../lib/api.ts';
import { viewerTimeZone } from './time-zone.ts';

/** Every summary the socket refreshes starts with one of these keys. */
export const homeQueryKey = ['/api/home'] as const;

/** GET /api/home: everything the home screen shows, for the viewer's time zone. */
export const homeQueryOptions = queryOptions({
  queryKey: homeQueryKey,
  queryFn: () => apiJson<HomeData>('GET', homeReadPath(viewerTimeZone())),
});

export function useHome() {
  return useQuery(homeQueryOptions);
}
