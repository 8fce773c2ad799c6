import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, memo, Suspense, startTransition, useCallback, useEffect, useState } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { ToastHost } from './components/toast.tsx';
import { AuthTransitionOverlay, useAuthTransition } from './features/auth/index.ts';
import { i18n, useFollowLanguage } from './lib/i18n.tsx';
import { queryClient } from './lib/query-client.ts';
import { useSearchOpener } from './lib/search-opener.ts';
import { useThemeSync } from './lib/theme.ts';
import { AppRoutes as AllRoutes } from './shell/app-routes.tsx';
import { lazyScreen } from './shell/lazy-screen.tsx';
import { MainNav } from './shell/main-nav.tsx';
import { useFirstScreenArrived } from './shell/preload.ts';
import { PreviewContext } from './shell/preview.ts';
import { LoadFailed } from './shell/screen-error-boundary.tsx';
import { liveConnection } from './shell/screens.ts';
import { SHORTCUT_PATHS, type ShortcutAction, useShortcuts } from './shell/shortcuts.ts';
import { UpdateBanner } from './shell/update-banner.tsx';
import { useAppState } from './shell/use-app-state.ts';

// The screens re-render with what they read, not with the frame: the frame's own changes (the
// preview coming within reach, the keyboard opening) leave the screen as it is.
const AppRoutes = memo(AllRoutes);

// Its own chunk: pages without a household (the landing page above all) never load it.
const RealtimeConnection = lazyScreen(liveConnection, (m) => m.RealtimeConnection);

// Loaded when first opened: no first screen carries them.
const SearchDialog = lazy(() =>
  import('./shell/search-dialog.tsx').then((m) => ({ default: m.SearchDialog })),
);
const ShortcutsDialog = lazy(() =>
  import('./shell/shortcuts-dialog.tsx').then((m) => ({ default: m.ShortcutsDialog })),
);

/** The screen's column: from md a reading width, wider where the screen marks itself data-wide (two panes, the calendar, the chat). */
const MAIN = 'flex min-w-0 flex-1 flex-col md:mx-auto md:w-full md:max-w-3xl md:has-[[data-wide]]:max-w-6xl';

/** The frame's dialogs, opened by a shortcut or the side navigation. */
type ShellDialogName = 'search' | 'help';

/**
 * The app. `preview`: it takes over the server's rendering of the first screen (main.tsx), so its
 * first render is that picture, exactly as the server drew it; then, at once, the app in reach.
 */
export function App({ preview: fromServer = false }: { preview?: boolean }) {
  const [preview, setPreview] = useState(fromServer);
  useEffect(() => {
    if (preview) startTransition(() => setPreview(false));
  }, [preview]);
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <Shell preview={preview} />
        </BrowserRouter>
      </QueryClientProvider>
    </I18nProvider>
  );
}

/**
 * The app's frame and the screen at its address. `preview` is the server's rendering of a first
 * screen (entry-server.tsx): shown before any script runs, out of reach until the app, once
 * loaded, takes it over (hydration, main.tsx), and without the live connection.
 */
export function Shell({ preview = false }: { preview?: boolean }) {
  useThemeSync();
  const { state, user, householdId, userChecked, householdFailed, showBottomNav } = useAppState();
  const { message: overlay } = useAuthTransition();
  useFollowLanguage(userChecked ? (user ?? null) : undefined);
  // The live connection starts once the first screen is up: its code, socket and catch-up do
  // not compete with the screen for the page's first moments (it catches up on connecting).
  const firstScreenArrived = useFirstScreenArrived();
  const [dialog, setDialog] = useState<ShellDialogName | null>(null);
  const closeDialog = useCallback(() => setDialog(null), []);
  const showSearch = useCallback(() => setDialog('search'), []);
  useSearchOpener(showSearch);
  const navigate = useNavigate();
  const inHousehold = !preview && state === 'with-household';
  useShortcuts(inHousehold, (action: ShortcutAction) => {
    if (action === 'search' || action === 'help') setDialog(action);
    else navigate(SHORTCUT_PATHS[action]);
  });
  return (
    <PreviewContext.Provider value={preview}>
      {/* The page underneath the sign-in/out overlay is out of reach until it hides. Below the md
          breakpoint the phone's column; from it the side navigation beside the content. */}
      <div
        inert={preview || overlay !== null}
        className="mx-auto flex min-h-dvh w-full max-w-[430px] flex-col md:max-w-none md:flex-row"
      >
        <main className={showBottomNav ? `${MAIN} pb-20 md:pb-0` : MAIN}>
          {householdFailed ? (
            <LoadFailed title="shell.householdError.title" onRetry={householdFailed} />
          ) : (
            <AppRoutes state={state} />
          )}
        </main>
        {showBottomNav && <MainNav onSearch={showSearch} />}
        {inHousehold && <ToastHost />}
      </div>
      {inHousehold && dialog && (
        <Suspense fallback={null}>
          {dialog === 'search' ? (
            <SearchDialog onClose={closeDialog} />
          ) : (
            <ShortcutsDialog onClose={closeDialog} />
          )}
        </Suspense>
      )}
      <UpdateBanner />
      <AuthTransitionOverlay userChecked={userChecked} />
      {!preview && state === 'with-household' && user && householdId && firstScreenArrived && (
        <Suspense fallback={null}>
          <RealtimeConnection userId={user.id} householdId={householdId} />
        </Suspense>
      )}
    </PreviewContext.Provider>
  );
}
