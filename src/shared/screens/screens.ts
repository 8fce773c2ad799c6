/**
 * Every screen of the web app, once: its module, its addresses in each state of the app, how far
 * the page readies it before the app runs, and what it reads first. The route table, the app's
 * early loading (preload.ts), the server's page hints and rendered first screens, and the build's
 * household chunk all derive from this list; src/web/shell/screens.ts holds each screen's code
 * under the same name (docs/client.md, Screens). The route table puts it in index.js: it imports
 * none of the rules or libraries the screens use.
 */
import {
  CONFIRM_EMAIL_PATH,
  FORGOT_PASSWORD_PATH,
  RESET_PASSWORD_PATH,
  UNSUBSCRIBE_PATH,
} from '../accounts/paths.ts';
import { thisMonthReadPath } from '../calendar/zone-days.ts';
import type { AppState } from './app-state.ts';

/**
 * The states with routes, and `returning`: a browser nobody is signed in on that has signed in
 * before, whose routes are the signed-out ones with its own in their place.
 */
export type RouteState = Exclude<AppState, 'loading'> | 'returning';

/**
 * How far the page readies a screen for the browser that opens the app at its address, each step
 * with those before it: `load` asks for its code before React renders (preload.ts); `hint` names
 * its code and first reads in the page (the server's page hints, decision 0014); `render` puts the
 * screen itself in the page, drawn by the server from the answers to those reads (decision 0017).
 */
export type Readiness = 'load' | 'hint' | 'render';
const READINESS: readonly Readiness[] = ['load', 'hint', 'render'];

/** A member of a household (their `with-household` addresses), or a browser nobody is signed in on. */
export type Audience = 'member' | 'guest';

export interface ScreenEntry {
  /** Its module, relative to src/web: the build's manifest names the screen's files by it. */
  module: string;
  /** Its addresses (route patterns) in each state it shows in. */
  at: Partial<Record<RouteState, readonly string[]>>;
  /** How far the page readies it, for each audience. */
  first?: Partial<Record<Audience, Readiness>>;
  /**
   * What it reads as it mounts besides SHELL_READS, at the exact addresses the app asks for:
   * the page names them and the server renders from their answers. A read that names the
   * viewer's time zone is left out while the zone is unknown.
   */
  reads?: (timeZone: string | undefined) => string[];
}

const signedIn = (paths: readonly string[]) => ({
  'needs-onboarding': paths,
  'without-household': paths,
  'with-household': paths,
});
const pastOnboarding = (paths: readonly string[]) => ({
  'without-household': paths,
  'with-household': paths,
});
const inHousehold = (paths: readonly string[]) => ({ 'with-household': paths });

/** GET /api/home's address: the home screen's figures count days in the viewer's time zone. */
export const homeReadPath = (timeZone: string) => `/api/home?tz=${encodeURIComponent(timeZone)}`;

export const SCREENS = {
  landing: {
    module: 'features/landing/landing-page.tsx',
    at: { 'signed-out': ['/', '/landing'] },
    first: { guest: 'load' },
  },
  auth: {
    module: 'features/auth/auth-page.tsx',
    at: { 'signed-out': ['/auth'], returning: ['/'] },
    first: { guest: 'render' },
  },
  // Asking for a reset link, and where the e-mailed links (reset, new address, unsubscribe) lead:
  // whoever is signed in on the browser.
  password: {
    module: 'features/auth/password-page.tsx',
    at: {
      'signed-out': [FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH, CONFIRM_EMAIL_PATH, UNSUBSCRIBE_PATH],
      ...signedIn([RESET_PASSWORD_PATH, CONFIRM_EMAIL_PATH, UNSUBSCRIBE_PATH]),
    },
  },
  onboarding: {
    module: 'features/onboarding/onboarding-page.tsx',
    at: { 'needs-onboarding': ['/', '/onboarding'], 'without-household': ['/onboarding'] },
  },
  settings: {
    module: 'features/settings/settings-page.tsx',
    // Signed out, it explains that nobody is signed in.
    at: { 'signed-out': ['/settings', '/profile'], ...signedIn(['/settings', '/profile']) },
    first: { member: 'hint' },
  },
  // An invite link opened while signed out goes through sign-in and comes back.
  join: {
    module: 'features/households/join-page.tsx',
    at: { 'signed-out': ['/join/:code'], ...signedIn(['/join/:code']) },
  },
  roommates: {
    module: 'features/listings/roommates-page.tsx',
    at: signedIn(['/roommates']),
    first: { member: 'hint' },
  },
  listingDetail: { module: 'features/listings/listing-detail-page.tsx', at: signedIn(['/listings/:id']) },
  // The listing form opens once onboarding is done (docs/listings.md, Who sees and posts).
  addListing: { module: 'features/listings/add-listing-page.tsx', at: pastOnboarding(['/add-listing']) },
  noHouseholdHome: { module: 'features/home/no-household-home.tsx', at: { 'without-household': ['/'] } },
  home: {
    module: 'features/home/home-page.tsx',
    at: inHousehold(['/']),
    first: { member: 'render' },
    // Named once the browser has said its zone (the hearth_tz cookie, decision 0016).
    reads: (timeZone) => (timeZone === undefined ? [] : [homeReadPath(timeZone)]),
  },
  chores: {
    module: 'features/chores/chores-page.tsx',
    at: inHousehold(['/chores']),
    first: { member: 'render' },
    reads: () => ['/api/chores'],
  },
  addChore: { module: 'features/chores/add-chore-page.tsx', at: inHousehold(['/add-chore']) },
  editChore: { module: 'features/chores/edit-chore-page.tsx', at: inHousehold(['/chores/:id/edit']) },
  expenses: {
    module: 'features/expenses/expenses-page.tsx',
    at: inHousehold(['/expenses']),
    first: { member: 'render' },
    reads: () => ['/api/expenses', '/api/balance', '/api/balances', '/api/expenses/counts'],
  },
  addExpense: { module: 'features/expenses/add-expense-page.tsx', at: inHousehold(['/add-expense']) },
  importSplitwise: {
    module: 'features/expenses/import-splitwise-page.tsx',
    at: inHousehold(['/import-splitwise']),
  },
  editExpense: { module: 'features/expenses/edit-expense-page.tsx', at: inHousehold(['/expenses/:id/edit']) },
  deletedItems: {
    module: 'features/expenses/deleted-items-page.tsx',
    at: inHousehold(['/expenses/deleted']),
  },
  activity: { module: 'features/activity/activity-page.tsx', at: inHousehold(['/activity']) },
  calendar: {
    module: 'features/calendar/calendar-page.tsx',
    at: inHousehold(['/calendar']),
    first: { member: 'render' },
    // The chores due, the bills (from the expenses) and this month, once the zone is known.
    reads: (timeZone) => [
      '/api/chores',
      '/api/expenses',
      ...(timeZone === undefined ? [] : [thisMonthReadPath(timeZone)]),
    ],
  },
  addEvent: { module: 'features/calendar/add-event-page.tsx', at: inHousehold(['/add-event']) },
  messages: {
    module: 'features/messages/messages-page.tsx',
    at: inHousehold(['/messages']),
    first: { member: 'render' },
    reads: () => ['/api/messages'],
  },
  dashboard: {
    module: 'features/dashboard/dashboard-page.tsx',
    at: inHousehold(['/dashboard']),
    first: { member: 'hint' },
  },
} satisfies Record<string, ScreenEntry>;

export type ScreenName = keyof typeof SCREENS;
const names = Object.keys(SCREENS) as ScreenName[];
const entry = (name: ScreenName): ScreenEntry => SCREENS[name];

/** What every signed-in screen reads first: the user and their household (get-user.ts, get-household.ts). */
export const SHELL_READS = ['/api/user', '/api/households/current'] as const;

/** The live connection's module, loaded beside a member's screens (app.tsx); not a screen. */
export const REALTIME_MODULE = 'features/realtime/realtime-connection.tsx';

/**
 * Where a state leads elsewhere: a signed-in user past the sign-in screen, a member past
 * onboarding, and the listing form waiting for onboarding.
 */
export const REDIRECTS: Partial<Record<RouteState, Record<string, string>>> = {
  'needs-onboarding': { '/auth': '/', '/add-listing': '/onboarding' },
  'without-household': { '/auth': '/' },
  'with-household': { '/auth': '/', '/onboarding': '/' },
};

/** The routes of a state: each address (route pattern) and the screen it shows. */
export function routesOf(state: RouteState): Map<string, ScreenName> {
  const routes = state === 'returning' ? routesOf('signed-out') : new Map<string, ScreenName>();
  for (const name of names) for (const path of entry(name).at[state] ?? []) routes.set(path, name);
  return routes;
}

/**
 * The addresses only a member of a household has, each with its screen: without a household
 * they show a fallback (docs/screens.md, Routes by state).
 */
export function householdOnlyRoutes(): Map<string, ScreenName> {
  const without = routesOf('without-household');
  return new Map([...routesOf('with-household')].filter(([path]) => !without.has(path)));
}

export const HOUSEHOLD_ONLY_PATHS = [...householdOnlyRoutes().keys()];

/** The screen a state shows at an exact address, when one does (route patterns match nothing). */
export function screenAt(state: RouteState, pathname: string): ScreenName | undefined {
  return routesOf(state).get(pathname);
}

/** Whether the page readies the screen at least `step` far for `audience`. */
export function readies(name: ScreenName, audience: Audience, step: Readiness): boolean {
  const level = entry(name).first?.[audience];
  return level !== undefined && READINESS.indexOf(level) >= READINESS.indexOf(step);
}

/** The state whose addresses an audience opens: a member's household screens, a guest's signed-out ones. */
const audienceState = { member: 'with-household', guest: 'signed-out' } as const;

/** Every address whose screen the page readies at least `step` far for `audience`. */
export function firstScreens(audience: Audience, step: Readiness): { path: string; name: ScreenName }[] {
  return [...routesOf(audienceState[audience])]
    .filter(([, name]) => readies(name, audience, step))
    .map(([path, name]) => ({ path, name }));
}

/** The screen at `pathname` that the page readies at least `step` far for `audience`, if any. */
export function firstScreenAt(audience: Audience, pathname: string, step: Readiness): ScreenName | undefined {
  const name = screenAt(audienceState[audience], pathname);
  return name !== undefined && readies(name, audience, step) ? name : undefined;
}

/** The screen's first reads in `timeZone` (its `reads`), none when it names none. */
export function readsOf(name: ScreenName, timeZone: string | undefined): string[] {
  return entry(name).reads?.(timeZone) ?? [];
}

/** Whether the screen's first reads name the viewer's time zone (left out while it is unknown). */
export function readsNameTimeZone(name: ScreenName): boolean {
  return readsOf(name, undefined).length < readsOf(name, 'UTC').length;
}

/**
 * The modules of the screens a member of a household starts on that need one, and the live
 * connection: the build puts what two or more of them share in one chunk (decision 0015).
 */
export function householdStartModules(): string[] {
  const householdOnly = (name: ScreenName) => Object.keys(entry(name).at).join() === 'with-household';
  const screens = names.filter((name) => readies(name, 'member', 'load') && householdOnly(name));
  return [...screens.map((name) => entry(name).module), REALTIME_MODULE];
}

/** The modules of the screens a browser nobody is signed in on starts on. */
export function signedOutStartModules(): string[] {
  return names.filter((name) => readies(name, 'guest', 'load')).map((name) => entry(name).module);
}
