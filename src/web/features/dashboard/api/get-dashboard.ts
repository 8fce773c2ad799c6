import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardData } from '#shared/dashboard/api.ts';
import type { DashboardPeriod } from '#shared/dashboard/rules.ts';
import { apiJson } from '../../../lib/api.ts';
import { viewerTimeZone } from './time-zone.ts';

export const dashboardQueryKey = ['/api/dashboard'] as const;

/** GET /api/dashboard?period=: the household dashboard for one period, in the viewer's time zone. */
export const dashboardQueryOptions = (period: DashboardPeriod) =>
  queryOptions({
    queryKey: [...dashboardQueryKey, period],
    queryFn: () =>
      apiJson<DashboardData>(
        'GET',
        `/api/dashboard?${new URLSearchParams({ period, tz: viewerTimeZone() })}`,
      ),
  });

export function useDashboard(period: DashboardPeriod) {
  // Switching periods keeps the figures on screen until the new ones arrive: nothing jumps.
  return useQuery({ ...dashboardQueryOptions(period), placeholderData: keepPreviousData });
}
