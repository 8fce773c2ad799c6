import { displayName } from '#shared/accounts/users.ts';
import { ACTIVITY_FILTER_LABELS, ACTIVITY_FILTERS, type ActivityFilter } from '#shared/activity/view.ts';
import type { HouseholdMember } from '#shared/households/api.ts';
import { SelectField } from '../../../components/form-fields.tsx';
import type { ActivityFilters as Filters } from '../api/get-activity.ts';

const kindOptions = [
  { value: '', label: 'Everything' },
  ...ACTIVITY_FILTERS.map((value) => ({ value, label: ACTIVITY_FILTER_LABELS[value] })),
];

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
  const memberOptions = [
    { value: '', label: 'Everyone' },
    ...members.map((m) => ({ value: m.userId, label: displayName(m.user) })),
  ];
  return (
    <div className="grid grid-cols-2 gap-3">
      <SelectField
        label="Member"
        name="memberId"
        value={value.memberId ?? ''}
        options={memberOptions}
        onValue={(memberId) => onChange({ ...value, memberId: memberId || null })}
      />
      <SelectField
        label="Type"
        name="kind"
        value={value.kind ?? ''}
        options={kindOptions}
        onValue={(kind) => onChange({ ...value, kind: (kind || null) as ActivityFilter | null })}
      />
    </div>
  );
}
