import '#shared/i18n/compiled/areas/settings.ts';
import { useId } from 'react';
import { EMAIL_NOTIFICATION_TYPES } from '#shared/push/notifications.ts';
import { Switch } from '../../components/switch.tsx';
import { errorText, mutedText } from '../../components/ui.ts';
import { type MessageId, useLocaleFormat, useT } from '../../lib/i18n.tsx';
import { browserTimeZone } from '../../lib/time-zone.ts';
import {
  type NotificationSettings,
  useNotificationSettings,
  useSaveNotificationSettings,
} from './api/notification-settings.ts';
import { QuietHoursForm } from './quiet-hours-form.tsx';

const SWITCHES: Record<
  (typeof EMAIL_NOTIFICATION_TYPES)[number],
  { label: MessageId; description: MessageId }
> = {
  chore: { label: 'settings.emailNotifications.chore', description: 'settings.emailNotifications.choreText' },
  rent: { label: 'settings.emailNotifications.rent', description: 'settings.emailNotifications.rentText' },
  expense: {
    label: 'settings.emailNotifications.expense',
    description: 'settings.emailNotifications.expenseText',
  },
  summary: {
    label: 'settings.emailNotifications.summary',
    description: 'settings.emailNotifications.summaryText',
  },
};

/**
 * Notifications by e-mail (docs/notifications.md, By e-mail): one switch per kind, off until
 * turned on, and a warning when e-mail to the member's address could not be delivered. Quiet hours
 * are shown here when the push switches (which show them too) are not.
 */
export function EmailNotifications({ pushShown }: { pushShown: boolean }) {
  const t = useT();
  const { locale } = useLocaleFormat();
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
        <legend className="font-medium text-slate-800 text-sm dark:text-slate-200">
          {t('settings.emailNotifications.title')}
        </legend>
        <p id={`${id}-about`} className={`mb-3 text-xs ${mutedText}`}>
          {t('settings.emailNotifications.text')}
        </p>
        <div className="space-y-3">
          {EMAIL_NOTIFICATION_TYPES.map((type) => (
            <Switch
              key={type}
              label={t(SWITCHES[type].label)}
              description={t(SWITCHES[type].description)}
              checked={current.email[type]}
              onChange={(checked) => store({ ...current, email: { ...current.email, [type]: checked } })}
            />
          ))}
        </div>
      </fieldset>
      {current.undeliverable && (
        <p role="alert" className={errorText}>
          {t('settings.emailNotifications.undeliverable', {
            address: current.undeliverable.address,
            date: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(
              new Date(current.undeliverable.failedAt),
            ),
            reason: current.undeliverable.reason,
          })}
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
