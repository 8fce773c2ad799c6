// Every screen is its own chunk, so the landing page loads nothing it does not show. The route
// table (app-routes.tsx) renders them lazily; preload.ts starts the one an address needs before
// React has rendered anything.

/** A screen's module: fetched once, and at hand synchronously once it has arrived. */
export interface Screen<M> {
  load: () => Promise<M>;
  loaded: () => M | undefined;
}

function screen<M>(importModule: () => Promise<M>): Screen<M> {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  return {
    load: () => {
      loading ??= importModule().then(
        (m) => {
          module = m;
          return m;
        },
        (error: unknown) => {
          // A failed download is not kept: the next ask (the route table's) fetches again.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => module,
  };
}

export const pages = {
  landing: screen(() => import('../features/landing/landing-page.tsx')),
  auth: screen(() => import('../features/auth/auth-page.tsx')),
  onboarding: screen(() => import('../features/onboarding/onboarding-page.tsx')),
  settings: screen(() => import('../features/settings/settings-page.tsx')),
  home: screen(() => import('../features/home/home-page.tsx')),
  noHouseholdHome: screen(() => import('../features/home/no-household-home.tsx')),
  noHouseholdFallback: screen(() => import('../features/home/no-household-fallback.tsx')),
  roommates: screen(() => import('../features/listings/roommates-page.tsx')),
  listingDetail: screen(() => import('../features/listings/listing-detail-page.tsx')),
  addListing: screen(() => import('../features/listings/add-listing-page.tsx')),
  messages: screen(() => import('../features/messages/messages-page.tsx')),
  join: screen(() => import('../features/households/join-page.tsx')),
  chores: screen(() => import('../features/chores/chores-page.tsx')),
  addChore: screen(() => import('../features/chores/add-chore-page.tsx')),
  editChore: screen(() => import('../features/chores/edit-chore-page.tsx')),
  expenses: screen(() => import('../features/expenses/expenses-page.tsx')),
  addExpense: screen(() => import('../features/expenses/add-expense-page.tsx')),
  importSplitwise: screen(() => import('../features/expenses/import-splitwise-page.tsx')),
  editExpense: screen(() => import('../features/expenses/edit-expense-page.tsx')),
  deletedItems: screen(() => import('../features/expenses/deleted-items-page.tsx')),
  activity: screen(() => import('../features/activity/activity-page.tsx')),
  dashboard: screen(() => import('../features/dashboard/dashboard-page.tsx')),
  calendar: screen(() => import('../features/calendar/calendar-page.tsx')),
  addEvent: screen(() => import('../features/calendar/add-event-page.tsx')),
  // Not a screen: the real-time channel a member of a household keeps open (app.tsx).
  realtime: screen(() => import('../features/realtime/realtime-connection.tsx')),
};
