import '#shared/i18n/compiled/areas/settings.ts';
import { useCallback, useId, useState } from 'react';
import { Switch } from '../../components/switch.tsx';
import { cardStyles, mutedText } from '../../components/ui.ts';
import { useT } from '../../lib/i18n.tsx';
import { readEnvironment, readEnvironmentProbe } from '../../lib/notifications.ts';
import { type InstallEnvironment, notificationCardState } from '../../pwa/install-environment.ts';
import { useNotificationSettings } from './api/notification-settings.ts';
import { EmailNotifications } from './email-notifications.tsx';
import { NotificationPreferences } from './notification-preferences.tsx';

const blockStyles =
  'rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-900 text-sm dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100';

/**
 * Notifications (docs/notifications.md, The Notifications card): the switches when this browser can
 * notify, else why not.
 */
export function NotificationsCard() {
  const t = useT();
  const id = useId();
  const [env, setEnv] = useState<InstallEnvironment>(readEnvironment);
  const [justDenied, setJustDenied] = useState(false);
  const refresh = useCallback(() => {
    const next = readEnvironment();
    setEnv(next);
    setJustDenied(next.permission === 'denied');
  }, []);
  const state = notificationCardState(env, readEnvironmentProbe(), window.isSecureContext);
  const pushEnabled = useNotificationSettings().data?.enabled ?? false;

  return (
    <section aria-labelledby={`${id}-title`} className={`${cardStyles} space-y-4`}>
      <div>
        <h2 id={`${id}-title`} className="font-semibold text-lg">
          {t('settings.notifications.title')}
        </h2>
        <p className={`text-sm ${mutedText}`}>{t('settings.notifications.text')}</p>
      </div>
      {state === 'insecure' && <p className={blockStyles}>{t('settings.notifications.insecure')}</p>}
      {state === 'unsupported' && <p className={blockStyles}>{t('settings.notifications.unsupported')}</p>}
      {(state === 'install-first' || state === 'blocked') && (
        // The switch stays in view, disabled, so that it is clear what is missing.
        <Switch label={t('settings.notifications.enable')} checked={false} disabled onChange={() => {}} />
      )}
      {state === 'install-first' && <InstallInstructions platform={env.platform} />}
      {state === 'blocked' && <BlockedSteps announce={justDenied} />}
      {state === 'ready' && <NotificationPreferences env={env} onPermissionChange={refresh} />}
      <EmailNotifications pushShown={state === 'ready' && env.permission === 'granted' && pushEnabled} />
    </section>
  );
}

function BlockedSteps({ announce }: { announce: boolean }) {
  const t = useT();
  return (
    <div role={announce ? 'alert' : undefined} className={`${blockStyles} space-y-2`}>
      <p className="font-semibold">{t('settings.notifications.blocked.title')}</p>
      <ol className="list-decimal space-y-1 pl-5">
        <li>{t('settings.notifications.blocked.step1')}</li>
        <li>{t('settings.notifications.blocked.step2')}</li>
        <li>{t('settings.notifications.blocked.step3')}</li>
      </ol>
    </div>
  );
}

function InstallInstructions({ platform }: { platform: InstallEnvironment['platform'] }) {
  const t = useT();
  return (
    <div className={`${blockStyles} space-y-2`}>
      <p className="font-semibold">{t('settings.notifications.install.title')}</p>
      {platform === 'ios' ? (
        <ol className="list-decimal space-y-1 pl-5">
          <li>{t('settings.notifications.install.ios1')}</li>
          <li>{t('settings.notifications.install.ios2')}</li>
          <li>{t('settings.notifications.install.open')}</li>
        </ol>
      ) : (
        <ol className="list-decimal space-y-1 pl-5">
          <li>{t('settings.notifications.install.other1')}</li>
          <li>{t('settings.notifications.install.other2')}</li>
          <li>{t('settings.notifications.install.open')}</li>
        </ol>
      )}
    </div>
  );
}
