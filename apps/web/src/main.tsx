import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './App.tsx';
import { createI18n, pickInitialLanguage } from './i18n/index.ts';
import { detectPlatform } from './platform/index.ts';
import { preloadPages, routeReady, routes } from './routes.tsx';
import { bootSession, createAppContext } from './session.ts';
import './styles/tokens.css';
import './styles/base.css';

/** Ends the current task: the browser may handle input (and paint) before the rest runs. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(): Promise<void> {
  // The first screen's code downloads while the platform and translations load.
  preloadPages(window.location.pathname);
  // Evaluating the entry's modules was one long task already; the app starts in the next ones.
  await nextTask();
  const platform = await detectPlatform();
  const context = createAppContext(platform);
  void context.store.dispatch(bootSession());
  // The router is created once the platform has tidied the address bar (init data, launch params).
  const router = createBrowserRouter(routes);
  await nextTask();
  // The first language's strings and the first page arrive before the first paint: no key flashes
  // on screen and the layout does not jump when the page comes in.
  const [i18n] = await Promise.all([
    createI18n(pickInitialLanguage(platform.languageCode)),
    routeReady(router),
  ]);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // As a transition React renders the first screen in slices and yields between them, instead of in
  // one long task that holds off input.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App context={context} i18n={i18n} router={router} />
      </StrictMode>,
    );
  });
}

start().catch((error: unknown) => console.error('Pixel Wall failed to start', error));
