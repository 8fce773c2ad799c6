import { displayName } from '#shared/accounts/users.ts';
import type { HouseholdMember } from '#shared/households/api.ts';
import { Avatar } from '../../../components/avatar.tsx';
import { errorText } from '../../../components/ui.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useT } from '../../../lib/i18n.tsx';

/** The household's members as checkboxes; the creator comes first, marked '(you)'. */
export function AttendeesField({
  members,
  userId,
  value,
  error,
  onChange,
}: {
  members: HouseholdMember[];
  userId: string;
  value: string[];
  error?: string | undefined;
  onChange: (attendees: string[]) => void;
}) {
  const t = useT();
  const inLanguage = useErrorText();
  const ordered = [...members].sort((a, b) => Number(b.userId === userId) - Number(a.userId === userId));
  const toggle = (memberId: string, checked: boolean) =>
    onChange(checked ? [...value, memberId] : value.filter((id) => id !== memberId));
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1.5 font-medium text-slate-800 text-sm dark:text-slate-200">
        {t('calendar.form.attendees')}
      </legend>
      {ordered.map((member) => (
        <label
          key={member.userId}
          className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-300 px-3.5 py-2.5 has-checked:border-blue-600 has-checked:bg-blue-50 dark:border-slate-600 dark:has-checked:border-blue-400 dark:has-checked:bg-blue-950"
        >
          <input
            type="checkbox"
            name="attendees"
            value={member.userId}
            checked={value.includes(member.userId)}
            onChange={(e) => toggle(member.userId, e.target.checked)}
            className="size-4 accent-blue-600"
          />
          <Avatar user={member.user} size="xs" />
          <span className="text-sm">
            {member.userId === userId
              ? t('calendar.form.you', { name: displayName(member.user) })
              : displayName(member.user)}
          </span>
        </label>
      ))}
      {error && <p className={errorText}>{inLanguage(error)}</p>}
    </fieldset>
  );
}
