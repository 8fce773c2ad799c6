import { useCallback } from 'react';
import { displayName } from '#shared/accounts/users.ts';
import type { ExpenseSplitView } from '#shared/expenses/api.ts';
import type { HouseholdMember } from '#shared/households/api.ts';
import { useWords } from './use-words.ts';

/**
 * 'Ada L.' for a user id: from the household's members, else from the user the expense carries
 * (someone who has left), else 'Former member'.
 */
export function useMemberNames(members: HouseholdMember[] | undefined) {
  const { t } = useWords();
  const former = t('expenses.formerMember');
  return useCallback(
    (userId: string | null, fallback?: ExpenseSplitView['user']): string => {
      const member = userId ? members?.find((m) => m.userId === userId) : undefined;
      if (member) return displayName(member.user);
      return fallback ? displayName(fallback) : former;
    },
    [members, former],
  );
}
