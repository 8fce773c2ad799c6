import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The page's globals, as far as local notifications use them: a Notification class that records
// what it shows, no service worker (so the `new Notification` path), storage and the location.
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static shown: FakeNotification[] = [];
  closed = false;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions & { vibrate?: number[] },
  ) {
    FakeNotification.shown.push(this);
  }
  close() {
    this.closed = true;
  }
}

const store = new Map<string, string>();
const page = { pathname: '/', visibilityState: 'visible' };

async function load() {
  vi.resetModules();
  return import('./notifications.ts');
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeNotification.permission = 'granted';
  FakeNotification.shown = [];
  store.clear();
  page.pathname = '/';
  page.visibilityState = 'visible';
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('navigator', {});
  vi.stubGlobal('document', {
    get visibilityState() {
      return page.visibilityState;
    },
  });
  vi.stubGlobal('window', {
    Notification: FakeNotification,
    setTimeout,
    location: {
      get pathname() {
        return page.pathname;
      },
    },
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
    },
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('showLocalNotification', () => {
  it('shows with the app icon, badge and vibration, and closes after 5 s', async () => {
    const { showLocalNotification } = await load();
    expect(await showLocalNotification('chore', 'Bins are out', { body: 'Ada did it' })).toBe(true);
    const [shown] = FakeNotification.shown;
    expect(shown?.title).toBe('Bins are out');
    expect(shown?.options).toMatchObject({
      body: 'Ada did it',
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-72.png',
      vibrate: [200, 100, 200],
    });
    vi.advanceTimersByTime(4_999);
    expect(shown?.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(shown?.closed).toBe(true);
  });

  it('needs the permission', async () => {
    FakeNotification.permission = 'default';
    const { showLocalNotification } = await load();
    expect(await showLocalNotification('message', 'Hi')).toBe(false);
  });

  it('throttles a second chore notification within 1 s', async () => {
    const { showLocalNotification } = await load();
    expect(await showLocalNotification('chore', 'One')).toBe(true);
    vi.advanceTimersByTime(999);
    expect(await showLocalNotification('chore', 'Two')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await showLocalNotification('chore', 'Three')).toBe(true);
  });

  it('hides chore notifications on the visible chores page unless the user did it there', async () => {
    page.pathname = '/chores';
    const { showLocalNotification } = await load();
    expect(await showLocalNotification('chore', 'New chore')).toBe(false);
    expect(await showLocalNotification('chore', '✅ Bins completed!', { ignorePage: true })).toBe(true);
  });

  it('respects the switches kept in this browser, but a test is always shown', async () => {
    const { showLocalNotification, writeLocalNotificationSettings, DEFAULT_LOCAL_SETTINGS } = await load();
    writeLocalNotificationSettings({
      enabled: true,
      types: { ...DEFAULT_LOCAL_SETTINGS.types, expense: false },
    });
    expect(await showLocalNotification('expense', 'Rent')).toBe(false);
    expect(await showLocalNotification('message', 'Hi')).toBe(true);
    writeLocalNotificationSettings({ ...DEFAULT_LOCAL_SETTINGS, enabled: false });
    expect(await showLocalNotification('household', 'Bea joined')).toBe(false);
    expect(await showLocalNotification('other', 'Test', { force: true })).toBe(true);
  });
});

describe('local notification settings', () => {
  it('default to everything on', async () => {
    const { readLocalNotificationSettings, DEFAULT_LOCAL_SETTINGS } = await load();
    expect(readLocalNotificationSettings()).toEqual(DEFAULT_LOCAL_SETTINGS);
  });

  it('keep the other user settings and ignore malformed entries', async () => {
    store.set(
      'user-settings',
      JSON.stringify({ other: 1, notifications: { enabled: 'yes', types: { chore: false, message: 3 } } }),
    );
    const { readLocalNotificationSettings, writeLocalNotificationSettings } = await load();
    const read = readLocalNotificationSettings();
    expect(read).toEqual({
      enabled: true,
      types: { message: true, chore: false, expense: true, calendar: true, household: true },
    });
    writeLocalNotificationSettings({ ...read, enabled: false });
    expect(JSON.parse(store.get('user-settings') ?? '')).toEqual({
      other: 1,
      notifications: { ...read, enabled: false },
    });
  });

  it('survive unreadable JSON', async () => {
    store.set('user-settings', '{not json');
    const { readLocalNotificationSettings, DEFAULT_LOCAL_SETTINGS } = await load();
    expect(readLocalNotificationSettings()).toEqual(DEFAULT_LOCAL_SETTINGS);
  });
});
