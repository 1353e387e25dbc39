import './zod-without-eval';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startServiceWorker } from './app/service-worker';
import './index.css';

// The first render is a transition, so React renders in slices and a phone's main thread is never blocked
// long; the screen's shell (drawn by the HTML) stays until the render is ready.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

startServiceWorker();
