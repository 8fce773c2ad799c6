import '#shared/i18n/compiled/areas/settings.ts';
import { useState } from 'react';
import { NOTIFICATION_TYPES, type NotificationType } from '#shared/push/notifications.ts';
import { Switch } from '../../components/switch.tsx';
import { errorText, mutedText } from '../../components/ui.ts';
import { type MessageId, useT } from '../../lib/i18n.tsx';
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

const TYPE_LABELS: Record<NotificationType, { label: MessageId; description: MessageId }> = {
  message: {
    label: 'settings.notifications.type.message',
    description: 'settings.notifications.type.messageText',
  },
  chore: { label: 'settings.notifications.type.chore', description: 'settings.notifications.type.choreText' },
  expense: {
    label: 'settings.notifications.type.expense',
    description: 'settings.notifications.type.expenseText',
  },
  calendar: {
    label: 'settings.notifications.type.calendar',
    description: 'settings.notifications.type.calendarText',
  },
  household: {
    label: 'settings.notifications.type.household',
    description: 'settings.notifications.type.householdText',
  },
};

/** The master switch, one switch per kind, quiet hours and the test button (permission not denied). */
export function NotificationPreferences({
  env,
  onPermissionChange,
}: {
  env: InstallEnvironment;
  onPermissionChange: () => void;
}) {
  const t = useT();
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  if (settings.isPending)
    return <p className={`text-sm ${mutedText}`}>{t('settings.notifications.loading')}</p>;
  if (settings.isError) {
    return (
      <p role="alert" className={errorText}>
        {t('settings.notifications.loadFailed')}
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
        if (permission === 'default') setNotice(t('settings.notifications.notTurnedOn'));
        return;
      }
      // Without a push subscription notifications still show while Hearth is open.
      const pushed = await subscribeToPush().then(
        () => true,
        () => false,
      );
      if (!pushed) setNotice(t('settings.notifications.whileOpen'));
      store({ ...current, enabled: true });
    } finally {
      setAsking(false);
    }
  };

  return (
    <div className="space-y-4">
      <Switch
        label={t('settings.notifications.enable')}
        description={t('settings.notifications.enableText')}
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
                {t('settings.notifications.notifyAbout')}
              </legend>
              <div className="space-y-3">
                {NOTIFICATION_TYPES.map((type) => (
                  <Switch
                    key={type}
                    label={t(TYPE_LABELS[type].label)}
                    description={t(TYPE_LABELS[type].description)}
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
          {t('settings.notifications.saveFailed')}
        </p>
      )}
    </div>
  );
}
