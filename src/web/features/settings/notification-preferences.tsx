import { useState } from 'react';
import { NOTIFICATION_TYPES, type NotificationType } from '#shared/push/notifications.ts';
import { Switch } from '../../components/switch.tsx';
import { errorText, mutedText } from '../../components/ui.ts';
import { writeLocalNotificationSettings } from '../../lib/notifications.ts';
import { subscribeToPush } from '../../lib/push-subscription.ts';
import { browserTimeZone } from '../../lib/time-zone.ts';
import type { InstallEnvironment } from '../../pwa/install-environment.ts';
import {
  type NotificationSettings,
  useNotificationSettings,
  useSaveNotificationSettings,
} from './api/notification-settings.ts';
import { QuietHoursForm } from './quiet-hours-form.tsx';
import { TestNotificationButton } from './test-notification-button.tsx';

const TYPE_LABELS: Record<NotificationType, { label: string; description: string }> = {
  message: { label: 'Messages', description: 'New messages in the household chat' },
  chore: { label: 'Chores', description: 'Reminders and chores assigned to you' },
  expense: { label: 'Expenses', description: 'New expenses and what you owe' },
  calendar: { label: 'Calendar', description: 'Upcoming events' },
  household: { label: 'Household', description: 'Members joining and leaving' },
};

/** The master switch, one switch per kind, quiet hours and the test button (permission not denied). */
export function NotificationPreferences({
  env,
  onPermissionChange,
}: {
  env: InstallEnvironment;
  onPermissionChange: () => void;
}) {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  if (settings.isPending) return <p className={`text-sm ${mutedText}`}>Loading notification settings…</p>;
  if (settings.isError) {
    return (
      <p role="alert" className={errorText}>
        Failed to load notification settings. Please try again.
      </p>
    );
  }
  const current = settings.data;
  const granted = env.permission === 'granted';
  const on = current.enabled && granted;

  /** Every change goes to the server whole, with this browser's zone, and is kept locally too. */
  const store = (next: NotificationSettings) => {
    const body = { ...next, timeZone: browserTimeZone() };
    writeLocalNotificationSettings(body);
    save.mutate(body);
  };

  const turnOn = async () => {
    setNotice(null);
    setAsking(true);
    try {
      const permission = granted ? 'granted' : await Notification.requestPermission();
      onPermissionChange();
      if (permission !== 'granted') {
        if (permission === 'default') setNotice('Notifications were not turned on.');
        return;
      }
      // Without a push subscription notifications still show while Hearth is open.
      const pushed = await subscribeToPush().then(
        () => true,
        () => false,
      );
      if (!pushed) setNotice('Notifications will show while Hearth is open in your browser.');
      store({ ...current, enabled: true });
    } finally {
      setAsking(false);
    }
  };

  return (
    <div className="space-y-4">
      <Switch
        label="Enable notifications"
        description="Let this browser show Hearth notifications"
        checked={on}
        disabled={asking}
        onChange={(checked) => (checked ? void turnOn() : store({ ...current, enabled: false }))}
      />
      <p role="status" className={`text-sm empty:hidden ${mutedText}`}>
        {notice ?? ''}
      </p>
      {on && (
        <>
          <div className="border-slate-200 border-t pt-4 dark:border-slate-800">
            <fieldset>
              <legend className="mb-3 font-medium text-slate-800 text-sm dark:text-slate-200">
                Notify me about
              </legend>
              <div className="space-y-3">
                {NOTIFICATION_TYPES.map((type) => (
                  <Switch
                    key={type}
                    label={TYPE_LABELS[type].label}
                    description={TYPE_LABELS[type].description}
                    checked={current.types[type]}
                    onChange={(checked) =>
                      store({ ...current, types: { ...current.types, [type]: checked } })
                    }
                  />
                ))}
              </div>
            </fieldset>
          </div>
          <QuietHoursForm
            quietHours={current.quietHours}
            onSave={(quietHours) => store({ ...current, quietHours })}
            saving={save.isPending}
          />
          <TestNotificationButton />
        </>
      )}
      {save.isError && (
        <p role="alert" className={errorText}>
          Failed to save notification settings. Please try again.
        </p>
      )}
    </div>
  );
}
