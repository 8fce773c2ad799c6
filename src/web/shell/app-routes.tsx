import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { type AppState, HOUSEHOLD_ONLY_PATHS } from '#shared/app-state.ts';
import { PageSpinner } from '../components/spinner.tsx';
import { readLocal, storageKeys } from '../lib/storage.ts';
import { BootSplash } from './boot-splash.tsx';
import { lazyScreen } from './lazy-screen.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { pages } from './pages.ts';
import { useFirstScreenArrived } from './preload.ts';
import { ScreenBoundary } from './screen-error-boundary.tsx';

const LandingPage = lazyScreen(pages.landing, (m) => m.LandingPage);
const AuthPage = lazyScreen(pages.auth, (m) => m.AuthPage);
const OnboardingPage = lazyScreen(pages.onboarding, (m) => m.OnboardingPage);
const SettingsPage = lazyScreen(pages.settings, (m) => m.SettingsPage);
const HomePage = lazyScreen(pages.home, (m) => m.HomePage);
const NoHouseholdHome = lazyScreen(pages.noHouseholdHome, (m) => m.NoHouseholdHome);
const NoHouseholdFallback = lazyScreen(pages.noHouseholdFallback, (m) => m.NoHouseholdFallback);
const RoommatesPage = lazyScreen(pages.roommates, (m) => m.RoommatesPage);
const ListingDetailPage = lazyScreen(pages.listingDetail, (m) => m.ListingDetailPage);
const AddListingPage = lazyScreen(pages.addListing, (m) => m.AddListingPage);
const MessagesPage = lazyScreen(pages.messages, (m) => m.MessagesPage);
const JoinPage = lazyScreen(pages.join, (m) => m.JoinPage);
const ChoresPage = lazyScreen(pages.chores, (m) => m.ChoresPage);
const AddChorePage = lazyScreen(pages.addChore, (m) => m.AddChorePage);
const EditChorePage = lazyScreen(pages.editChore, (m) => m.EditChorePage);
const ExpensesPage = lazyScreen(pages.expenses, (m) => m.ExpensesPage);
const AddExpensePage = lazyScreen(pages.addExpense, (m) => m.AddExpensePage);
const ImportSplitwisePage = lazyScreen(pages.importSplitwise, (m) => m.ImportSplitwisePage);
const EditExpensePage = lazyScreen(pages.editExpense, (m) => m.EditExpensePage);
const DeletedItemsPage = lazyScreen(pages.deletedItems, (m) => m.DeletedItemsPage);
const ActivityPage = lazyScreen(pages.activity, (m) => m.ActivityPage);
const DashboardPage = lazyScreen(pages.dashboard, (m) => m.DashboardPage);
const DashboardNoHousehold = lazyScreen(pages.dashboard, (m) => m.DashboardNoHousehold);
const CalendarPage = lazyScreen(pages.calendar, (m) => m.CalendarPage);
const AddEventPage = lazyScreen(pages.addEvent, (m) => m.AddEventPage);

/** The route table by state (docs/screens.md, Routes by state). */
export function AppRoutes({ state }: { state: AppState }) {
  const firstScreenArrived = useFirstScreenArrived();
  // Until the first screen can show, the splash index.html painted stays as it is.
  if (state === 'loading' || !firstScreenArrived) return <BootSplash />;
  return (
    <ScreenBoundary>
      <Suspense fallback={<PageSpinner />}>{routesFor(state)}</Suspense>
    </ScreenBoundary>
  );
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
          {/* The listing form opens once onboarding is done (docs/listings.md, Who sees and posts). */}
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
          <Route path="/chores/:id/edit" element={<EditChorePage />} />
          <Route path="/expenses" element={<ExpensesPage />} />
          <Route path="/add-expense" element={<AddExpensePage />} />
          <Route path="/import-splitwise" element={<ImportSplitwisePage />} />
          <Route path="/expenses/:id/edit" element={<EditExpensePage />} />
          <Route path="/expenses/deleted" element={<DeletedItemsPage />} />
          <Route path="/activity" element={<ActivityPage />} />
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
