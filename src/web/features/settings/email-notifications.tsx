import { useId } from 'react';
import { EMAIL_NOTIFICATION_LABELS, EMAIL_NOTIFICATION_TYPES } from '#shared/push/notifications.ts';
import { Switch } from '../../components/switch.tsx';
import { errorText, mutedText } from '../../components/ui.ts';
import { browserTimeZone } from '../../lib/time-zone.ts';
import {
  type NotificationSettings,
  useNotificationSettings,
  useSaveNotificationSettings,
} from './api/notification-settings.ts';
import { QuietHoursForm } from './quiet-hours-form.tsx';

const DESCRIPTIONS: Record<(typeof EMAIL_NOTIFICATION_TYPES)[number], string> = {
  chore: 'Before a chore of yours is due, and when it is overdue',
  rent: 'The day before rent is due',
  expense: 'When someone adds an expense you have a share in',
  summary: 'On Monday morning: your balance, chores done and due, and the week’s events',
};

const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * Notifications by e-mail (docs/notifications.md, By e-mail): one switch per kind, off until
 * turned on, and a warning when e-mail to the member's address could not be delivered. Quiet hours
 * are shown here when the push switches (which show them too) are not.
 */
export function EmailNotifications({ pushShown }: { pushShown: boolean }) {
  const id = useId();
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  if (!settings.data) return null;
  const current = settings.data;
  const store = (next: NotificationSettings) => save.mutate({ ...next, timeZone: browserTimeZone() });
  const anyOn = EMAIL_NOTIFICATION_TYPES.some((type) => current.email[type]);

  return (
    <div className="space-y-4 border-slate-200 border-t pt-4 dark:border-slate-800">
      <fieldset aria-describedby={`${id}-about`}>
        <legend className="font-medium text-slate-800 text-sm dark:text-slate-200">By e-mail</legend>
        <p id={`${id}-about`} className={`mb-3 text-xs ${mutedText}`}>
          Sent to your account’s address; every e-mail has a link to stop that kind.
        </p>
        <div className="space-y-3">
          {EMAIL_NOTIFICATION_TYPES.map((type) => (
            <Switch
              key={type}
              label={`${EMAIL_NOTIFICATION_LABELS[type]} by e-mail`}
              description={DESCRIPTIONS[type]}
              checked={current.email[type]}
              onChange={(checked) => store({ ...current, email: { ...current.email, [type]: checked } })}
            />
          ))}
        </div>
      </fieldset>
      {current.undeliverable && (
        <p role="alert" className={errorText}>
          An e-mail to {current.undeliverable.address} could not be delivered on{' '}
          {dateFormat.format(new Date(current.undeliverable.failedAt))}: {current.undeliverable.reason}. Check
          the address under Security, or ask whoever runs this Hearth to look at its mail server.
        </p>
      )}
      {!pushShown && anyOn && (
        <QuietHoursForm
          quietHours={current.quietHours}
          onSave={(quietHours) => store({ ...current, quietHours })}
          saving={save.isPending}
        />
      )}
    </div>
  );
}
