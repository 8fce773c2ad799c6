import './lib/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { registerServiceWorker } from './lib/service-worker.ts';
import { preloadFirstScreen } from './shell/preload.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

preloadFirstScreen(window.location.pathname);

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
