/**
 * The push contract (push payload and notification actions) as pure functions the service
 * worker uses: what to show for a push, and which API call a notification button makes.
 */
export const NOTIFICATION_ICON = '/icons/icon-192.png';
export const NOTIFICATION_BADGE = '/icons/badge-72.png';
export const VIBRATE = [200, 100, 200];

export type NotificationAction = 'done' | 'snooze' | 'settle';

export interface PushMessage {
  title: string;
  body: string;
  type: string;
  tag: string | undefined;
  url: string;
  actions: { action: string; title: string }[];
  data: { choreId?: string; splitId?: string };
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Only same-site paths: a push never sends the user to another site. */
function safePath(value: unknown): string {
  const path = str(value);
  return path?.startsWith('/') && !path.startsWith('//') ? path : '/';
}

/** Reads a push payload defensively: a push must always show something (userVisibleOnly). */
export function parsePushPayload(raw: unknown): PushMessage {
  const payload = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const data = (typeof payload.data === 'object' && payload.data !== null ? payload.data : {}) as Record<
    string,
    unknown
  >;
  const actions = Array.isArray(payload.actions)
    ? payload.actions.flatMap((a: unknown) => {
        const action = a as Record<string, unknown> | null;
        const name = str(action?.action);
        const title = str(action?.title);
        return name && title ? [{ action: name, title }] : [];
      })
    : [];
  const choreId = str(data.choreId);
  const splitId = str(data.splitId);
  return {
    title: str(payload.title) || 'Hearth',
    body: (str(payload.body) ?? '').slice(0, 120),
    type: str(payload.type) ?? 'message',
    tag: str(payload.tag),
    url: safePath(payload.url),
    actions,
    data: { ...(choreId ? { choreId } : {}), ...(splitId ? { splitId } : {}) },
  };
}

export interface ActionCall {
  method: 'PATCH' | 'POST';
  url: string;
  body: unknown;
  success: string;
  failure: string;
}

const AGAIN = 'Open Hearth to try again.';

/** The API call behind a notification button, or null when the notification lacks its id. */
export function actionCall(action: string, data: { choreId?: string; splitId?: string }): ActionCall | null {
  const chore = data.choreId ? encodeURIComponent(data.choreId) : null;
  const split = data.splitId ? encodeURIComponent(data.splitId) : null;
  if (action === 'done' && chore) {
    return {
      method: 'PATCH',
      url: `/api/chores/${chore}`,
      body: { status: 'done' },
      success: 'Marked done',
      failure: `Could not mark the chore done. ${AGAIN}`,
    };
  }
  if (action === 'snooze' && chore) {
    return {
      method: 'POST',
      url: `/api/chores/${chore}/snooze`,
      body: undefined,
      success: 'Snoozed for 1 hour',
      failure: `Could not snooze the reminder. ${AGAIN}`,
    };
  }
  if (action === 'settle' && split) {
    return {
      method: 'PATCH',
      url: `/api/expense-splits/${split}`,
      body: { settled: true },
      success: 'Settled',
      failure: `Could not settle the expense. ${AGAIN}`,
    };
  }
  return null;
}
