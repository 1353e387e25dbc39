import './zod-without-eval';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startServiceWorker } from './app/service-worker';
import { queryClient } from './lib/query-client';
import { sessionQuery } from './lib/session';
import './index.css';

/** What the shell's loader says about the screen (build/boot-loader.ts); nothing in development. */
function bootData(): { me?: boolean; path?: string } {
  try {
    return JSON.parse(document.getElementById('hiu-boot')?.textContent ?? '{}') as { me?: boolean; path?: string };
  } catch {
    return {};
  }
}

// A signed-out visit to a signed-in screen is sent sign-in's paint (apps/server web-app.ts): the app goes
// straight to sign-in, coming back here after, and never loads the screen it cannot show.
const boot = bootData();
if (boot.path === '/sign-in' && location.pathname !== '/sign-in') {
  const next = location.pathname + location.search;
  history.replaceState(history.state, '', `/sign-in?next=${encodeURIComponent(next)}`);
}

// The first render is a transition, so React renders in slices and a phone's main thread is never blocked
// long; the screen's shell (drawn by the HTML) stays until the render is ready. A signed-in screen waits
// (at most 2 s) for "who is signed in", already on its way since the loader started it: the screen then
// renders once, in slices, instead of a second, unsliced render when the answer arrives.
function render() {
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

if (boot.me) {
  const session = queryClient.prefetchQuery(sessionQuery);
  void Promise.race([session, new Promise((resolve) => setTimeout(resolve, 2000))]).then(render);
} else {
  render();
}

startServiceWorker();
