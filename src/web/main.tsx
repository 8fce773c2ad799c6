import './lib/zod-config.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { activateLocale, bootLocale } from './lib/i18n.tsx';
import { registerServiceWorker } from './lib/service-worker.ts';
import {
  firstScreenArrival,
  hydrateFirstScreen,
  preloadFirstScreen,
  takeServerFirstScreen,
} from './shell/preload.ts';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const { pathname } = window.location;
// The app renders in the language the page names (or the browser's) from its first render:
// another language's catalogue is loaded first, beside the screen's code.
const { locale, tag } = bootLocale();
const localeReady = activateLocale(locale, tag);
const rendered = takeServerFirstScreen(pathname);
if (rendered) {
  // The server rendered this screen (decision 0017): the app renders it from the same answers,
  // keeps the server's elements and only attaches itself to them (hydration, decision 0018),
  // in the background in short tasks; the screen then comes within reach. React reports a
  // screen that does not match (a minute turned between the two renders) and renders it anew.
  void Promise.all([hydrateFirstScreen(pathname, rendered), localeReady]).then(() =>
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <App preview />
        </StrictMode>,
        { onRecoverableError: (error) => console.warn('The first screen was rendered anew:', error) },
      );
    }),
  );
} else {
  preloadFirstScreen(pathname);
  // The splash that index.html painted stays until the first screen's code and answers are in.
  // The app then renders once, with them, in the background in short tasks. Rendered earlier,
  // it would render the splash again and then, as the answers came, render again in one long
  // task: its queries would find their answers changed between rendering and subscribing.
  const root = createRoot(container);
  void Promise.all([firstScreenArrival(), localeReady]).then(() =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    ),
  );
}

registerServiceWorker();
