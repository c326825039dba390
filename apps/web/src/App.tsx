import type { i18n as I18n } from 'i18next';
import { type ReactNode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { type createBrowserRouter, RouterProvider } from 'react-router';
import { PlatformProvider } from './platform/PlatformContext.tsx';
import type { AppContext } from './session.ts';

type Router = ReturnType<typeof createBrowserRouter>;

/** Platform, store and translations: everything a screen may reach for. */
export function AppProviders({
  context,
  i18n,
  children,
}: {
  context: AppContext;
  i18n: I18n;
  children: ReactNode;
}) {
  return (
    <PlatformProvider platform={context.platform}>
      <Provider store={context.store}>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
      </Provider>
    </PlatformProvider>
  );
}

export function App({ context, i18n, router }: { context: AppContext; i18n: I18n; router: Router }) {
  return (
    <AppProviders context={context} i18n={i18n}>
      {/* Translations for a newly picked language load behind this. */}
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProviders>
  );
}
