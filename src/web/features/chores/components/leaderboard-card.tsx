import { useId } from 'react';
import { displayName } from '#shared/accounts/users.ts';
import type { HouseholdMember } from '#shared/households/api.ts';
import { Avatar } from '../../../components/avatar.tsx';
import { TrophyIcon } from '../../../components/page-icons.tsx';
import { cardStyles, mutedText } from '../../../components/ui.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useLeaderboard } from '../api/get-leaderboard.ts';

/** This week's points per member, with completions and weekly streaks. */
export function LeaderboardCard({ members, viewerId }: { members: HouseholdMember[]; viewerId: string }) {
  const t = useT();
  // Until hydrated, /chores has a copy for each width (one hidden): ids of their own.
  const titleId = useId();
  const { data: rows } = useLeaderboard('week');
  const byId = new Map(members.map((m) => [m.userId, m]));
  const shown = (rows ?? []).filter((row) => byId.has(row.userId));
  return (
    <section aria-labelledby={titleId} className={`${cardStyles} space-y-3`}>
      <h2 id={titleId} className="flex items-center gap-2 font-semibold text-lg">
        <TrophyIcon className="size-5 text-amber-600 dark:text-amber-400" />
        {t('chores.leaderboard.title')}
      </h2>
      {shown.length === 0 ? (
        <p className={`text-sm ${mutedText}`}>{t('chores.leaderboard.empty')}</p>
      ) : (
        <ol className="space-y-3">
          {shown.map((row) => {
            const member = byId.get(row.userId)!;
            return (
              <li key={row.userId} data-testid="leaderboard-row" className="flex items-center gap-3">
                <Avatar user={member.user} size="sm" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">
                    {displayName(member.user)}
                    {row.userId === viewerId && (
                      <span className={`font-normal ${mutedText}`}>{t('chores.leaderboard.you')}</span>
                    )}
                  </p>
                  <p className={`text-xs ${mutedText}`}>
                    {row.streakWeeks > 0
                      ? t('chores.leaderboard.streak', {
                          count: row.streakWeeks,
                          completions: t('chores.leaderboard.completions', { count: row.completions }),
                        })
                      : t('chores.leaderboard.completions', { count: row.completions })}
                  </p>
                </div>
                <p className="font-bold text-blue-700 dark:text-blue-300">
                  {t('chores.leaderboard.points', { points: row.points })}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
