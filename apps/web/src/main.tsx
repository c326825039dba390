import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './App.tsx';
import { loadSchemasAfter } from './api/schemas.ts';
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

/** Settles when React first puts something into `root`: the first screen. */
function firstCommit(root: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { childList: true });
  });
}

async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // The first screen's code downloads while the platform and translations load.
  preloadPages(window.location.pathname);
  // Responses of the boot (the public config, a sign-in) are checked once the first screen is on.
  loadSchemasAfter(firstCommit(root));
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
