import { displayName } from '#shared/accounts/users.ts';
import type { ChoreView } from '#shared/chores/api.ts';
import type { HouseholdMember } from '#shared/households/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { nextInRotation, RECURRENCE_LABELS } from '../chore-view.ts';

export type Members = Pick<HouseholdMember, 'userId' | 'awayFrom' | 'awayUntil' | 'user'>[];

/** 'Every week · next: Ben' for a repeating chore (docs/chores.md, Rotation). */
export function RecurrenceText({ chore, members }: { chore: ChoreView; members: Members }) {
  const t = useT();
  if (!chore.recurrence) return null;
  const next = nextInRotation(chore, members);
  const member = members.find((m) => m.userId === next);
  if (next === undefined)
    return <>{t('chores.recurrence.nextLeastDone', { recurrence: chore.recurrence })}</>;
  if (!member) return <>{t(RECURRENCE_LABELS[chore.recurrence])}</>;
  return <>{t('chores.recurrence.next', { recurrence: chore.recurrence, name: displayName(member.user) })}</>;
}
