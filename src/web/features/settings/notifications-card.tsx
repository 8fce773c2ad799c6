import { useCallback, useId, useState } from 'react';
import { Switch } from '../../components/switch.tsx';
import { cardStyles, mutedText } from '../../components/ui.ts';
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
          Notifications
        </h2>
        <p className={`text-sm ${mutedText}`}>
          Chores, expenses, events and messages, even when Hearth is closed, and by e-mail if you like.
        </p>
      </div>
      {state === 'insecure' && (
        <p className={blockStyles}>Notifications require a secure connection (HTTPS)</p>
      )}
      {state === 'unsupported' && <p className={blockStyles}>Your browser does not support notifications</p>}
      {(state === 'install-first' || state === 'blocked') && (
        // The switch stays in view, disabled, so that it is clear what is missing.
        <Switch label="Enable notifications" checked={false} disabled onChange={() => {}} />
      )}
      {state === 'install-first' && <InstallInstructions platform={env.platform} />}
      {state === 'blocked' && <BlockedSteps announce={justDenied} />}
      {state === 'ready' && <NotificationPreferences env={env} onPermissionChange={refresh} />}
      <EmailNotifications pushShown={state === 'ready' && env.permission === 'granted' && pushEnabled} />
    </section>
  );
}

function BlockedSteps({ announce }: { announce: boolean }) {
  return (
    <div role={announce ? 'alert' : undefined} className={`${blockStyles} space-y-2`}>
      <p className="font-semibold">Notifications are blocked. Please enable them in your browser settings</p>
      <ol className="list-decimal space-y-1 pl-5">
        <li>Click the lock icon in the address bar.</li>
        <li>Find Notifications and choose Allow.</li>
        <li>Reload this page.</li>
      </ol>
    </div>
  );
}

function InstallInstructions({ platform }: { platform: InstallEnvironment['platform'] }) {
  return (
    <div className={`${blockStyles} space-y-2`}>
      <p className="font-semibold">Add Hearth to your home screen to get notifications</p>
      {platform === 'ios' ? (
        <ol className="list-decimal space-y-1 pl-5">
          <li>Tap the Share button in Safari.</li>
          <li>Choose Add to Home Screen.</li>
          <li>Open Hearth from your home screen and turn notifications on here.</li>
        </ol>
      ) : (
        <ol className="list-decimal space-y-1 pl-5">
          <li>Open your browser's menu (⋮).</li>
          <li>Choose Add to Home screen (or Install app).</li>
          <li>Open Hearth from your home screen and turn notifications on here.</li>
        </ol>
      )}
    </div>
  );
}
