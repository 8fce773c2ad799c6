import { format } from 'date-fns';
import { extractErrorMessage } from '#shared/errors.ts';
import { buttonStyles, errorText, mutedText } from '../../components/ui.ts';
import { useEndSessions, useSessions } from './api/security.ts';

const day = (iso: string) => format(new Date(iso), 'MMMM d, yyyy');

/** Settings → Security → where the account is signed in, each with Sign out (docs/accounts.md, Sessions). */
export function SessionsSection() {
  const sessions = useSessions();
  const end = useEndSessions();
  const others = sessions.data?.filter((s) => !s.current) ?? [];

  return (
    <section aria-labelledby="sessions-title" className="space-y-3">
      <div>
        <h3 id="sessions-title" className="font-semibold">
          Where you're signed in
        </h3>
        <p className={`text-sm ${mutedText}`}>Sign out a device you no longer use or do not recognise.</p>
      </div>
      {sessions.isPending && <p className={`text-sm ${mutedText}`}>Loading...</p>}
      {sessions.isError && (
        <p role="alert" className={errorText}>
          The list could not be loaded. Please try again.
        </p>
      )}
      <ul className="divide-y divide-slate-200 dark:divide-slate-700">
        {sessions.data?.map((session) => (
          <li key={session.id} className="flex items-center justify-between gap-3 py-2">
            <div className="min-w-0">
              <p className="font-medium">
                {session.browser} on {session.platform}
                {session.current && <span className={`ml-2 text-sm ${mutedText}`}>(this device)</span>}
              </p>
              <p className={`text-sm ${mutedText}`}>
                Signed in {day(session.createdAt)} · last active {day(session.lastSeenAt)}
              </p>
            </div>
            {!session.current && (
              <button
                type="button"
                className={buttonStyles.secondary}
                disabled={end.isPending}
                aria-label={`Sign out ${session.browser} on ${session.platform}, signed in ${day(session.createdAt)}`}
                onClick={() => end.mutate({ id: session.id })}
              >
                Sign out
              </button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 1 && (
        <button
          type="button"
          className={`${buttonStyles.secondary} w-full`}
          disabled={end.isPending}
          onClick={() => end.mutate('others')}
        >
          Sign out every other device
        </button>
      )}
      {end.isError && (
        <p role="alert" className={errorText}>
          {extractErrorMessage(end.error.message)}
        </p>
      )}
    </section>
  );
}
