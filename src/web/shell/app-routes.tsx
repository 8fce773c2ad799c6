import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { type AppState, HOUSEHOLD_ONLY_PATHS } from '#shared/app-state.ts';
import { PageSpinner } from '../components/spinner.tsx';
import { readLocal, storageKeys } from '../lib/storage.ts';
import { NotFoundPage } from './not-found-page.tsx';

// Every page is its own chunk, so the landing page loads nothing it does not show.
const LandingPage = lazy(() =>
  import('../features/landing/landing-page.tsx').then((m) => ({ default: m.LandingPage })),
);
const AuthPage = lazy(() => import('../features/auth/auth-page.tsx').then((m) => ({ default: m.AuthPage })));
const OnboardingPage = lazy(() =>
  import('../features/onboarding/onboarding-page.tsx').then((m) => ({ default: m.OnboardingPage })),
);
const SettingsPage = lazy(() =>
  import('../features/settings/settings-page.tsx').then((m) => ({ default: m.SettingsPage })),
);
const HomePage = lazy(() => import('../features/home/home-page.tsx').then((m) => ({ default: m.HomePage })));
const NoHouseholdHome = lazy(() =>
  import('../features/home/no-household-home.tsx').then((m) => ({ default: m.NoHouseholdHome })),
);
const NoHouseholdFallback = lazy(() =>
  import('../features/home/no-household-fallback.tsx').then((m) => ({ default: m.NoHouseholdFallback })),
);
const RoommatesPage = lazy(() =>
  import('../features/listings/roommates-page.tsx').then((m) => ({ default: m.RoommatesPage })),
);
const ListingDetailPage = lazy(() =>
  import('../features/listings/listing-detail-page.tsx').then((m) => ({ default: m.ListingDetailPage })),
);
const AddListingPage = lazy(() =>
  import('../features/listings/add-listing-page.tsx').then((m) => ({ default: m.AddListingPage })),
);
const MessagesPage = lazy(() =>
  import('../features/messages/messages-page.tsx').then((m) => ({ default: m.MessagesPage })),
);
const JoinPage = lazy(() =>
  import('../features/households/join-page.tsx').then((m) => ({ default: m.JoinPage })),
);
const ChoresPage = lazy(() =>
  import('../features/chores/chores-page.tsx').then((m) => ({ default: m.ChoresPage })),
);
const AddChorePage = lazy(() =>
  import('../features/chores/add-chore-page.tsx').then((m) => ({ default: m.AddChorePage })),
);
const ExpensesPage = lazy(() =>
  import('../features/expenses/expenses-page.tsx').then((m) => ({ default: m.ExpensesPage })),
);
const AddExpensePage = lazy(() =>
  import('../features/expenses/add-expense-page.tsx').then((m) => ({ default: m.AddExpensePage })),
);
const ImportSplitwisePage = lazy(() =>
  import('../features/expenses/import-splitwise-page.tsx').then((m) => ({ default: m.ImportSplitwisePage })),
);
const DashboardPage = lazy(() =>
  import('../features/dashboard/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
);
const DashboardNoHousehold = lazy(() =>
  import('../features/dashboard/dashboard-page.tsx').then((m) => ({ default: m.DashboardNoHousehold })),
);
const CalendarPage = lazy(() =>
  import('../features/calendar/calendar-page.tsx').then((m) => ({ default: m.CalendarPage })),
);
const AddEventPage = lazy(() =>
  import('../features/calendar/add-event-page.tsx').then((m) => ({ default: m.AddEventPage })),
);

/** The route table by state (SPEC §2). */
export function AppRoutes({ state }: { state: AppState }) {
  if (state === 'loading') return <PageSpinner />;
  return <Suspense fallback={<PageSpinner />}>{routesFor(state)}</Suspense>;
}

/** Routes every signed-in user has, whatever their household. */
function signedInRoutes(state: Exclude<AppState, 'loading' | 'signed-out'>) {
  return [
    <Route key="auth" path="/auth" element={<Navigate to="/" replace />} />,
    <Route key="settings" path="/settings" element={<SettingsPage />} />,
    <Route key="profile" path="/profile" element={<SettingsPage />} />,
    <Route key="roommates" path="/roommates" element={<RoommatesPage />} />,
    <Route key="listing" path="/listings/:id" element={<ListingDetailPage />} />,
    <Route key="join" path="/join/:code" element={<JoinPage state={state} />} />,
    <Route key="not-found" path="*" element={<NotFoundPage />} />,
  ];
}

function routesFor(state: Exclude<AppState, 'loading'>) {
  switch (state) {
    case 'signed-out':
      return (
        <Routes>
          <Route path="/" element={readLocal(storageKeys.returning) ? <AuthPage /> : <LandingPage />} />
          <Route path="/landing" element={<LandingPage />} />
          <Route path="/auth" element={<AuthPage />} />
          {/* An invite link opened while signed out goes through sign-in and comes back. */}
          <Route path="/join/:code" element={<JoinPage state={state} />} />
          {/* The settings screen explains that nobody is signed in. */}
          <Route path="/settings" element={<SettingsPage />} />
          <Route path="/profile" element={<SettingsPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      );
    case 'needs-onboarding':
      return (
        <Routes>
          <Route path="/" element={<OnboardingPage />} />
          <Route path="/onboarding" element={<OnboardingPage />} />
          {/* The listing form opens once onboarding is done (SPEC §6). */}
          <Route path="/add-listing" element={<Navigate to="/onboarding" replace />} />
          {signedInRoutes(state)}
        </Routes>
      );
    case 'without-household':
      return (
        <Routes>
          <Route path="/" element={<NoHouseholdHome />} />
          <Route path="/onboarding" element={<OnboardingPage />} />
          {HOUSEHOLD_ONLY_PATHS.map((path) => (
            <Route
              key={path}
              path={path}
              element={path === '/dashboard' ? <DashboardNoHousehold /> : <NoHouseholdFallback />}
            />
          ))}
          <Route path="/add-listing" element={<AddListingPage />} />
          {signedInRoutes(state)}
        </Routes>
      );
    case 'with-household':
      // The household screens arrive with their features; until then they are unknown paths.
      return (
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/onboarding" element={<Navigate to="/" replace />} />
          <Route path="/chores" element={<ChoresPage />} />
          <Route path="/add-chore" element={<AddChorePage />} />
          <Route path="/expenses" element={<ExpensesPage />} />
          <Route path="/add-expense" element={<AddExpensePage />} />
          <Route path="/import-splitwise" element={<ImportSplitwisePage />} />
          <Route path="/calendar" element={<CalendarPage />} />
          <Route path="/add-event" element={<AddEventPage />} />
          <Route path="/messages" element={<MessagesPage />} />
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/add-listing" element={<AddListingPage />} />
          {signedInRoutes(state)}
        </Routes>
      );
  }
}
