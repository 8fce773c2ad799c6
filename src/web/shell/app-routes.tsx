import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import type { AppState } from '#shared/screens/app-state.ts';
import { householdOnlyRoutes, REDIRECTS, routesOf } from '#shared/screens/screens.ts';
import { PageSpinner } from '../components/spinner.tsx';
import { readLocal, storageKeys } from '../lib/storage.ts';
import { BootSplash } from './boot-splash.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { useFirstScreenArrived } from './preload.ts';
import { ScreenBoundary } from './screen-error-boundary.tsx';
import { NoHouseholdFallback, screens } from './screens.ts';

/** The route table by state (docs/screens.md, Routes by state), from the screen list. */
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

function routesFor(state: Exclude<AppState, 'loading'>) {
  // A browser that has signed in here before opens the sign-in screen at '/', not the landing page.
  const routes = routesOf(state === 'signed-out' && readLocal(storageKeys.returning) ? 'returning' : state);
  const fallbacks = state === 'without-household' ? [...householdOnlyRoutes()] : [];
  return (
    <Routes>
      {[...routes].map(([path, name]) => {
        const { Component } = screens[name];
        return <Route key={path} path={path} element={<Component state={state} />} />;
      })}
      {fallbacks.map(([path, name]) => {
        const Fallback = screens[name].WithoutHousehold ?? NoHouseholdFallback;
        return <Route key={path} path={path} element={<Fallback state={state} />} />;
      })}
      {Object.entries(REDIRECTS[state] ?? {}).map(([path, to]) => (
        <Route key={path} path={path} element={<Navigate to={to} replace />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
