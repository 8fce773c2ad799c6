import { displayName } from '#shared/accounts/users.ts';
import type { HouseholdMember } from '#shared/households/api.ts';
import { Avatar } from '../../../components/avatar.tsx';
import { TrophyIcon } from '../../../components/page-icons.tsx';
import { cardStyles, mutedText } from '../../../components/ui.ts';
import { useLeaderboard } from '../api/get-leaderboard.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** This week's points per member, with completions and weekly streaks. */
export function LeaderboardCard({ members, viewerId }: { members: HouseholdMember[]; viewerId: string }) {
  const { data: rows } = useLeaderboard('week');
  const byId = new Map(members.map((m) => [m.userId, m]));
  const shown = (rows ?? []).filter((row) => byId.has(row.userId));
  return (
    <section aria-labelledby="leaderboard-title" className={`${cardStyles} space-y-3`}>
      <h2 id="leaderboard-title" className="flex items-center gap-2 font-semibold text-lg">
        <TrophyIcon className="size-5 text-amber-600 dark:text-amber-400" />
        This Week
      </h2>
      {shown.length === 0 ? (
        <p className={`text-sm ${mutedText}`}>Points for completed chores show up here.</p>
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
                    {row.userId === viewerId && <span className={`font-normal ${mutedText}`}> (you)</span>}
                  </p>
                  <p className={`text-xs ${mutedText}`}>
                    {plural(row.completions, 'completion')}
                    {row.streakWeeks > 0 && ` · ${row.streakWeeks}-week streak`}
                  </p>
                </div>
                <p className="font-bold text-blue-700 dark:text-blue-300">{row.points} pts</p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
