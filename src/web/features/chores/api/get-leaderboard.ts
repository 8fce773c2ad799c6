import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeaderboardEntry } from '#shared/chores/api.ts';
import { apiJson } from '../../../lib/api.ts';
import { choresQueryKey } from './get-chores.ts';

export type LeaderboardPeriod = 'week' | 'month' | 'all';

export function fetchLeaderboard(period: LeaderboardPeriod): Promise<LeaderboardEntry[]> {
  return apiJson<LeaderboardEntry[]>('GET', `/api/chores/leaderboard?period=${period}`);
}

/** Under the chores key: whatever refreshes the chores refreshes the points too. */
export const leaderboardQueryOptions = (period: LeaderboardPeriod) =>
  queryOptions({
    queryKey: [...choresQueryKey, 'leaderboard', period] as const,
    queryFn: () => fetchLeaderboard(period),
  });

export function useLeaderboard(period: LeaderboardPeriod) {
  return useQuery(leaderboardQueryOptions(period));
}
