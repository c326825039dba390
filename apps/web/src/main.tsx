import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './App.tsx';
import { createI18n, pickInitialLanguage } from './i18n/index.ts';
import { detectPlatform } from './platform/index.ts';
import { routes } from './routes.tsx';
import { bootSession, createAppContext } from './session.ts';
import './styles/tokens.css';
import './styles/base.css';

async function start(): Promise<void> {
  // The Wall is the usual first screen: fetch its code while the platform and translations load.
  if (window.location.pathname === '/') void import('./pages/WallPage.tsx');
  const platform = await detectPlatform();
  const context = createAppContext(platform);
  void context.store.dispatch(bootSession());
  // The first language's strings arrive before the first paint, so no key flashes on screen.
  const i18n = await createI18n(pickInitialLanguage(platform.languageCode));
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App context={context} i18n={i18n} router={createBrowserRouter(routes)} />
    </StrictMode>,
  );
}

start().catch((error: unknown) => console.error('Pixel Wall failed to start', error));
