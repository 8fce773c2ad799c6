import '#shared/i18n/compiled/areas/settings.ts';
import { extractErrorMessage } from '#shared/errors.ts';
import { buttonStyles, errorText, mutedText } from '../../components/ui.ts';
import { useLocaleFormat, useT } from '../../lib/i18n.tsx';
import { useEndSessions, useSessions } from './api/security.ts';

/** Settings → Security → where the account is signed in, each with Sign out (docs/accounts.md, Sessions). */
export function SessionsSection() {
  const t = useT();
  const { locale } = useLocaleFormat();
  // 'MMMM d, yyyy' in English (November 27, 2026), the language's long date elsewhere.
  const dayFormat = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' });
  const day = (iso: string) => dayFormat.format(new Date(iso));
  const sessions = useSessions();
  const end = useEndSessions();
  const others = sessions.data?.filter((s) => !s.current) ?? [];

  return (
    <section aria-labelledby="sessions-title" className="space-y-3">
      <div>
        <h3 id="sessions-title" className="font-semibold">
          {t('settings.sessions.title')}
        </h3>
        <p className={`text-sm ${mutedText}`}>{t('settings.sessions.text')}</p>
      </div>
      {sessions.isPending && <p className={`text-sm ${mutedText}`}>{t('settings.sessions.loading')}</p>}
      {sessions.isError && (
        <p role="alert" className={errorText}>
          {t('settings.sessions.failed')}
        </p>
      )}
      <ul className="divide-y divide-slate-200 dark:divide-slate-700">
        {sessions.data?.map((session) => (
          <li key={session.id} className="flex items-center justify-between gap-3 py-2">
            <div className="min-w-0">
              <p className="font-medium">
                {t('settings.sessions.device', { browser: session.browser, platform: session.platform })}
                {session.current && (
                  <span className={`ml-2 text-sm ${mutedText}`}>{t('settings.sessions.thisDevice')}</span>
                )}
              </p>
              <p className={`text-sm ${mutedText}`}>
                {t('settings.sessions.dates', {
                  signedIn: day(session.createdAt),
                  lastActive: day(session.lastSeenAt),
                })}
              </p>
            </div>
            {!session.current && (
              <button
                type="button"
                className={buttonStyles.secondary}
                disabled={end.isPending}
                aria-label={t('settings.sessions.signOutLabel', {
                  browser: session.browser,
                  platform: session.platform,
                  signedIn: day(session.createdAt),
                })}
                onClick={() => end.mutate({ id: session.id })}
              >
                {t('settings.sessions.signOut')}
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
          {t('settings.sessions.signOutOthers')}
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
