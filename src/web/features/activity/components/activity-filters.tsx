import { displayName } from '#shared/accounts/users.ts';
import { ACTIVITY_FILTERS, type ActivityFilter } from '#shared/activity/view.ts';
import type { HouseholdMember } from '#shared/households/api.ts';
import { SelectField } from '../../../components/form-fields.tsx';
import { useT } from '../../../lib/i18n.tsx';
import type { ActivityFilters as Filters } from '../api/get-activity.ts';

/** Who and what the feed shows: one member, one area, or all of it. */
export function ActivityFilters({
  members,
  value,
  onChange,
}: {
  members: HouseholdMember[];
  value: Filters;
  onChange: (filters: Filters) => void;
}) {
  const t = useT();
  const kindOptions = [
    { value: '', label: t('activity.filters.everything') },
    ...ACTIVITY_FILTERS.map((value) => ({ value, label: t('activity.filters.kind', { kind: value }) })),
  ];
  const memberOptions = [
    { value: '', label: t('activity.filters.everyone') },
    ...members.map((m) => ({ value: m.userId, label: displayName(m.user) })),
  ];
  return (
    <div className="grid grid-cols-2 gap-3">
      <SelectField
        label={t('activity.filters.member')}
        name="memberId"
        value={value.memberId ?? ''}
        options={memberOptions}
        onValue={(memberId) => onChange({ ...value, memberId: memberId || null })}
      />
      <SelectField
        label={t('activity.filters.type')}
        name="kind"
        value={value.kind ?? ''}
        options={kindOptions}
        onValue={(kind) => onChange({ ...value, kind: (kind || null) as ActivityFilter | null })}
      />
    </div>
  );
}
