import '#shared/i18n/compiled/areas/chores.ts';
import { Link } from 'react-router';
import { displayName } from '#shared/accounts/users.ts';
import { dueLabelMessage } from '#shared/chores/rules.ts';
import { Avatar } from '../../../components/avatar.tsx';
import { mutedText } from '../../../components/ui.ts';
import { useLocaleFormat, useT } from '../../../lib/i18n.tsx';
import { useHome } from '../../dashboard/index.ts';
import { useCurrentHousehold } from '../../households/index.ts';

/**
 * Beside the chat on wide screens: who is in the household, and what is due next (the chores
 * the home screen puts first, and the rent's day). Read from the household and home queries the
 * app already keeps; nothing of its own.
 */
export function ChatSidePane() {
  const t = useT();
  const { locale } = useLocaleFormat();
  const { data: household } = useCurrentHousehold();
  const { data: home } = useHome();
  const now = new Date();
  const chores = home?.priorityChores.slice(0, 5) ?? [];
  const rentDay = home?.household.rentDueDay ?? null;

  return (
    <aside
      aria-label={t('messages.side.label')}
      className="flex w-72 shrink-0 flex-col gap-6 overflow-y-auto border-slate-200 border-l px-4 py-4 dark:border-slate-700"
      data-testid="chat-side-pane"
    >
      <section aria-labelledby="chat-side-members" className="space-y-2">
        <h2 id="chat-side-members" className="font-semibold text-sm">
          {t('messages.side.members')}
        </h2>
        <ul className="space-y-2">
          {household?.members.map((member) => (
            <li key={member.id} className="flex min-w-0 items-center gap-2 text-sm">
              <Avatar user={member.user} size="sm" />
              <span className="min-w-0 truncate">{displayName(member.user)}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="chat-side-due" className="space-y-2">
        <h2 id="chat-side-due" className="font-semibold text-sm">
          {t('messages.side.due')}
        </h2>
        {home && chores.length === 0 && rentDay === null ? (
          <p className={`text-sm ${mutedText}`}>{t('messages.side.nothingDue')}</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {chores.map((chore) => {
              // The chores screen's words for when it is due ('Today', '2 days overdue').
              const due = dueLabelMessage(new Date(chore.dueDate), now, locale);
              return (
                <li key={chore.id}>
                  <Link to="/chores" className="block truncate hover:underline">
                    {t('messages.side.choreDue', { title: chore.title, date: t(due.id, due.values) })}
                  </Link>
                </li>
              );
            })}
            {rentDay !== null && (
              <li>
                <Link to="/expenses" className="block truncate hover:underline">
                  {t('messages.side.rent', { day: rentDay })}
                </Link>
              </li>
            )}
          </ul>
        )}
      </section>
    </aside>
  );
}
