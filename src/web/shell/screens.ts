/**
 * Each screen's code, under the names of the screen list (src/shared/screens/screens.ts), which says
 * where it shows and how far the page readies it. The route table renders these components
 * lazily; preload.ts and the server's rendering (entry-server.tsx) load their modules.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { AppState } from '#shared/screens/app-state.ts';
import type { ScreenName } from '#shared/screens/screens.ts';
import { lazyModule } from '../lib/lazy-module.ts';
import { lazyScreen } from './lazy-screen.tsx';

/** What the route table gives every screen: the app's state (the join screen words its offer by it). */
export interface ScreenProps {
  state: Exclude<AppState, 'loading'>;
}

/**
 * What a screen with first reads (src/shared/screens/screens.ts `reads`) exports as `firstReads`: how its
 * queries get those answers before it first renders.
 */
export interface FirstReads {
  /** Asks for them as the screen would as it mounts, sooner (preload.ts). */
  prefetch: (client: QueryClient) => Promise<unknown>;
  /**
   * Puts the server's answers to them, in the order `reads` names them, where its queries look;
   * `timeZone` is the one the reads were named in.
   */
  seed: (client: QueryClient, answers: readonly unknown[], timeZone: string) => void;
}

export interface ScreenCode {
  load: () => Promise<unknown>;
  loaded: () => unknown;
  Component: ComponentType<ScreenProps>;
  /** What it shows without a household at its household-only addresses (else the fallback below). */
  WithoutHousehold?: ComponentType<ScreenProps> | undefined;
}

function screen<M>(
  importModule: () => Promise<M>,
  component: (module: M) => ComponentType<ScreenProps>,
  withoutHousehold?: (module: M) => ComponentType<ScreenProps>,
): ScreenCode {
  const code = lazyModule(importModule);
  return {
    ...code,
    Component: lazyScreen(code, component),
    WithoutHousehold: withoutHousehold && lazyScreen(code, withoutHousehold),
  };
}

export const screens: Record<ScreenName, ScreenCode> = {
  landing: screen(
    () => import('../features/landing/landing-page.tsx'),
    (m) => m.LandingPage,
  ),
  auth: screen(
    () => import('../features/auth/auth-page.tsx'),
    (m) => m.AuthPage,
  ),
  password: screen(
    () => import('../features/auth/password-page.tsx'),
    (m) => m.PasswordPage,
  ),
  onboarding: screen(
    () => import('../features/onboarding/onboarding-page.tsx'),
    (m) => m.OnboardingPage,
  ),
  settings: screen(
    () => import('../features/settings/settings-page.tsx'),
    (m) => m.SettingsPage,
  ),
  join: screen(
    () => import('../features/households/join-page.tsx'),
    (m) => m.JoinPage,
  ),
  roommates: screen(
    () => import('../features/listings/roommates-page.tsx'),
    (m) => m.RoommatesPage,
  ),
  listingDetail: screen(
    () => import('../features/listings/listing-detail-page.tsx'),
    (m) => m.ListingDetailPage,
  ),
  addListing: screen(
    () => import('../features/listings/add-listing-page.tsx'),
    (m) => m.AddListingPage,
  ),
  noHouseholdHome: screen(
    () => import('../features/home/no-household-home.tsx'),
    (m) => m.NoHouseholdHome,
  ),
  home: screen(
    () => import('../features/home/home-page.tsx'),
    (m) => m.HomePage,
  ),
  chores: screen(
    () => import('../features/chores/chores-page.tsx'),
    (m) => m.ChoresPage,
  ),
  addChore: screen(
    () => import('../features/chores/add-chore-page.tsx'),
    (m) => m.AddChorePage,
  ),
  editChore: screen(
    () => import('../features/chores/edit-chore-page.tsx'),
    (m) => m.EditChorePage,
  ),
  expenses: screen(
    () => import('../features/expenses/expenses-page.tsx'),
    (m) => m.ExpensesPage,
  ),
  addExpense: screen(
    () => import('../features/expenses/add-expense-page.tsx'),
    (m) => m.AddExpensePage,
  ),
  importSplitwise: screen(
    () => import('../features/expenses/import-splitwise-page.tsx'),
    (m) => m.ImportSplitwisePage,
  ),
  editExpense: screen(
    () => import('../features/expenses/edit-expense-page.tsx'),
    (m) => m.EditExpensePage,
  ),
  deletedItems: screen(
    () => import('../features/expenses/deleted-items-page.tsx'),
    (m) => m.DeletedItemsPage,
  ),
  activity: screen(
    () => import('../features/activity/activity-page.tsx'),
    (m) => m.ActivityPage,
  ),
  calendar: screen(
    () => import('../features/calendar/calendar-page.tsx'),
    (m) => m.CalendarPage,
  ),
  addEvent: screen(
    () => import('../features/calendar/add-event-page.tsx'),
    (m) => m.AddEventPage,
  ),
  messages: screen(
    () => import('../features/messages/messages-page.tsx'),
    (m) => m.MessagesPage,
  ),
  dashboard: screen(
    () => import('../features/dashboard/dashboard-page.tsx'),
    (m) => m.DashboardPage,
    (m) => m.DashboardNoHousehold,
  ),
};

/** The screen's FirstReads, once its code is in (none for a screen that reads nothing first). */
export function firstReadsOf(name: ScreenName): FirstReads | undefined {
  return (screens[name].loaded() as { firstReads?: FirstReads } | undefined)?.firstReads;
}

/** A household-only address without a household, when its screen has nothing of its own for it. */
export const NoHouseholdFallback: ComponentType<ScreenProps> = lazyScreen(
  lazyModule(() => import('../features/home/no-household-fallback.tsx')),
  (m) => m.NoHouseholdFallback,
);

/** Not a screen: the live connection a member of a household keeps open (app.tsx). */
export const liveConnection = lazyModule(() => import('../features/realtime/realtime-connection.tsx'));
