import './lib/zod-config.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { registerServiceWorker } from './lib/service-worker.ts';
import { firstScreenArrival, preloadFirstScreen } from './shell/preload.ts';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

preloadFirstScreen(window.location.pathname);

// The splash that index.html painted stays until the first screen's code and answers are in.
// The app then renders once, with them, in the background in short tasks. Rendered earlier, it
// would render the splash again and then, as the answers came, render again in one long task:
// its queries would find their answers changed between rendering and subscribing.
const root = createRoot(container);
void firstScreenArrival().then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);

registerServiceWorker();
