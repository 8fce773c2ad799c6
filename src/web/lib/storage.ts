/** Keys this app keeps in the browser (docs/screens.md, Browser storage). */
export const storageKeys = {
  theme: 'theme',
  authCache: 'auth-cache',
  /** Set once this browser has signed in: '/' then opens the sign-in screen instead of the landing page. */
  returning: 'hearth:returning',
  /** Session: the account was just created (hides onboarding's first back button). */
  isNewSignup: 'is_new_signup',
  /** Session: the overlay message that has to survive the full reload after sign-in or sign-out. */
  authTransition: 'auth-transition',
  onboardingCompleted: 'onboarding_completed',
  userSettings: 'user-settings',
  /** Session: where to go after signing in, e.g. the invite link that sent the user to /auth. */
  returnPath: 'hearth:return-path',
  installBannerDismissedAt: 'ios-install-banner-dismissed-at',
} as const;

// Storage can throw (private mode, quota, disabled cookies); the app then simply forgets.
function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // See above: nothing to do without storage.
  }
}

function remove(storage: () => Storage, key: string): void {
  try {
    storage().removeItem(key);
  } catch {
    // See above.
  }
}

const local = () => window.localStorage;
const session = () => window.sessionStorage;

export const readLocal = (key: string) => read(local, key);
export const writeLocal = (key: string, value: string) => write(local, key, value);
export const removeLocal = (key: string) => remove(local, key);
export const readSession = (key: string) => read(session, key);
export const writeSession = (key: string, value: string) => write(session, key, value);
export const removeSession = (key: string) => remove(session, key);
